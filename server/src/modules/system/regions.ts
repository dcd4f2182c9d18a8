/**
 * A small province and city tree for address pickers (codes of GB/T 2260), names in zh and
 * en. Static: the same for every enterprise, so it is served from memory.
 */
import type { TreeOption } from '@/api/types';
import type { Locale } from '@/i18n/routes';

interface Region {
  id: string;
  zh: string;
  en: string;
  children?: Region[];
}

const r = (id: string, zh: string, en: string, children?: Region[]): Region => ({ id, zh, en, children });

export const regions: Region[] = [
  r('110000', '北京市', 'Beijing', [
    r('110101', '东城区', 'Dongcheng'),
    r('110102', '西城区', 'Xicheng'),
    r('110105', '朝阳区', 'Chaoyang'),
    r('110108', '海淀区', 'Haidian'),
  ]),
  r('310000', '上海市', 'Shanghai', [
    r('310101', '黄浦区', 'Huangpu'),
    r('310104', '徐汇区', 'Xuhui'),
    r('310115', '浦东新区', 'Pudong'),
  ]),
  r('440000', '广东省', 'Guangdong', [
    r('440100', '广州市', 'Guangzhou'),
    r('440300', '深圳市', 'Shenzhen'),
    r('440400', '珠海市', 'Zhuhai'),
    r('440600', '佛山市', 'Foshan'),
    r('441900', '东莞市', 'Dongguan'),
  ]),
  r('330000', '浙江省', 'Zhejiang', [
    r('330100', '杭州市', 'Hangzhou'),
    r('330200', '宁波市', 'Ningbo'),
    r('330300', '温州市', 'Wenzhou'),
  ]),
  r('320000', '江苏省', 'Jiangsu', [
    r('320100', '南京市', 'Nanjing'),
    r('320200', '无锡市', 'Wuxi'),
    r('320500', '苏州市', 'Suzhou'),
  ]),
  r('370000', '山东省', 'Shandong', [
    r('370100', '济南市', 'Jinan'),
    r('370200', '青岛市', 'Qingdao'),
    r('370600', '烟台市', 'Yantai'),
  ]),
  r('420000', '湖北省', 'Hubei', [
    r('420100', '武汉市', 'Wuhan'),
    r('420500', '宜昌市', 'Yichang'),
  ]),
  r('510000', '四川省', 'Sichuan', [
    r('510100', '成都市', 'Chengdu'),
    r('510700', '绵阳市', 'Mianyang'),
  ]),
];

function toOption(region: Region, parentId: string, lang: Locale): TreeOption {
  const option: TreeOption = { id: region.id, name: lang === 'en' ? region.en : region.zh, parentId };
  if (region.children?.length) option.children = region.children.map((c) => toOption(c, region.id, lang));
  return option;
}

/** The tree in one language; with `parentId`, only that region's children. */
export function regionList(lang: Locale, parentId?: string): TreeOption[] {
  const tree = regions.map((region) => toOption(region, '', lang));
  if (!parentId) return tree;
  const parent = tree.find((option) => option.id === parentId);
  return parent?.children ?? [];
}
