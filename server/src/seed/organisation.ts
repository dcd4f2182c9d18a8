/**
 * Departments and posts of the demo companies (by tenant code), and the ones a newly
 * registered company starts with. Ids are the codes members carry (`D110`); a tree node's
 * `parentId` is empty at the root.
 */
import type { SeedUser } from './config/tenant-config';

export interface OrgSeed {
  id: string;
  parentId: string;
  nameZh: string;
  nameEn: string;
}

export interface OrganisationSeed {
  departments: OrgSeed[];
  posts: OrgSeed[];
}

const node = (id: string, parentId: string, nameZh: string, nameEn: string): OrgSeed => ({
  id,
  parentId,
  nameZh,
  nameEn,
});

const demo: Record<string, OrganisationSeed> = {
  xingchen: {
    departments: [
      node('D100', '', '研发中心', 'R&D Centre'),
      node('D110', 'D100', '前端开发部', 'Front-end Development'),
      node('D120', 'D100', '架构部', 'Architecture'),
      node('D130', 'D100', '测试部', 'Quality Assurance'),
      node('D200', '', '产品中心', 'Product Centre'),
      node('D210', 'D200', '产品部', 'Product Management'),
      node('D220', 'D200', '设计部', 'Design'),
      node('D300', '', '人力资源部', 'Human Resources'),
      node('D310', 'D300', '培训中心', 'Training Centre'),
      node('D320', 'D300', '招聘组', 'Recruitment'),
      node('D400', '', '运营中心', 'Operations Centre'),
      node('D410', 'D400', '信息技术部', 'Information Technology'),
      node('D420', 'D400', '行政部', 'Administration'),
      node('D500', '', '市场与销售中心', 'Marketing and Sales Centre'),
      node('D510', 'D500', '市场部', 'Marketing'),
      node('D520', 'D500', '销售部', 'Sales'),
      node('D600', '', '客户成功中心', 'Customer Success Centre'),
      node('D610', 'D600', '客户服务部', 'Customer Service'),
    ],
    posts: [
      node('PF1', '', '技术序列', 'Technical track'),
      node('P111', 'PF1', '前端工程师', 'Front-end Engineer'),
      node('P112', 'PF1', '后端工程师', 'Back-end Engineer'),
      node('P113', 'PF1', '测试工程师', 'Test Engineer'),
      node('P121', 'PF1', '高级架构师', 'Senior Architect'),
      node('P411', 'PF1', '系统管理员', 'System Administrator'),
      node('PF2', '', '产品与市场序列', 'Product and marketing track'),
      node('P211', 'PF2', '产品经理', 'Product Manager'),
      node('P511', 'PF2', '市场专员', 'Marketing Specialist'),
      node('P512', 'PF2', '市场经理', 'Marketing Manager'),
      node('P521', 'PF2', '销售经理', 'Sales Manager'),
      node('PF3', '', '职能序列', 'Functional track'),
      node('P311', 'PF3', '培训主管', 'Training Supervisor'),
      node('P312', 'PF3', '人力资源专员', 'HR Specialist'),
      node('P421', 'PF3', '行政专员', 'Administrative Specialist'),
      node('P611', 'PF3', '客服专员', 'Customer Service Specialist'),
    ],
  },
  qinghe: {
    departments: [
      node('Q100', '', '总经办', "General Manager's Office"),
      node('Q200', '', '生产部', 'Production'),
      node('Q210', 'Q200', '总装车间', 'Final Assembly Workshop'),
      node('Q220', 'Q200', '机加车间', 'Machining Workshop'),
      node('Q230', 'Q200', '设备维修组', 'Equipment Maintenance'),
      node('Q300', '', '质量与安全中心', 'Quality and Safety Centre'),
      node('Q310', 'Q300', '质量管理部', 'Quality Management'),
      node('Q320', 'Q300', '安全环保部', 'Safety and Environment'),
      node('Q400', '', '人力资源部', 'Human Resources'),
    ],
    posts: [
      node('QF1', '', '技术序列', 'Technical track'),
      node('Q211', 'QF1', '工艺工程师', 'Process Engineer'),
      node('Q212', 'QF1', '设备工程师', 'Equipment Engineer'),
      node('QF2', '', '管理序列', 'Management track'),
      node('Q311', 'QF2', '数字化顾问（兼职讲师）', 'Digital Consultant (part-time lecturer)'),
      node('Q312', 'QF2', '车间主任', 'Workshop Manager'),
      node('Q313', 'QF2', '质量经理', 'Quality Manager'),
      node('QF3', '', '操作序列', 'Operations track'),
      node('Q411', 'QF3', '装配技工', 'Assembly Technician'),
      node('Q412', 'QF3', '质检员', 'Quality Inspector'),
    ],
  },
};

/**
 * The organisation of a demo company; a company without one gets the departments and posts
 * its users name, each as a root.
 */
export function organisationFor(code: string, users: SeedUser[]): OrganisationSeed {
  const known = demo[code];
  if (known) return known;
  const unique = (items: { id: string; name: string }[]) =>
    [...new Map(items.map((i) => [i.id, node(i.id, '', i.name, i.name)])).values()];
  return { departments: unique(users.map((u) => u.department)), posts: unique(users.map((u) => u.post)) };
}

/** What a newly registered company starts with: one department named after it and common posts. */
export function newCompanyOrganisation(companyName: string): OrganisationSeed {
  return {
    departments: [node('D001', '', companyName, companyName)],
    posts: [
      node('P001', '', '管理员', 'Administrator'),
      node('P002', '', '经理', 'Manager'),
      node('P003', '', '工程师', 'Engineer'),
      node('P004', '', '专员', 'Specialist'),
    ],
  };
}
