#!/usr/bin/env node
/**
 * Regenerates the demo media of the tenant files' learning content in public/media/demo/:
 * videos (MP4 and VOD HLS), audio, a PDF, images, course covers and courseware files, and
 * `manifest.json` with every file's size and every medium's real duration (the seed test
 * compares the seeded durations with it). Needs ffmpeg, ffprobe and python3 (for zip
 * containers); Chinese captions need a CJK font known to fontconfig (Noto Sans CJK SC).
 *
 *   node scripts/make-demo-media.mjs
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts, rgb } from '@cantoo/pdf-lib';
import ExcelJS from 'exceljs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'public/media/demo');
const FIXED_DATE = new Date('2026-01-05T09:00:00Z');

rmSync(out, { recursive: true, force: true });
for (const dir of ['welcome', 'covers', 'courseware']) mkdirSync(join(out, dir), { recursive: true });

const cjk = execFileSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).includes('Noto Sans CJK SC');
/** A caption in Chinese and English, or English alone without a CJK font. */
const caption = (zh, en) => (cjk ? `${zh}  ${en}` : en);
const font = cjk ? "font='Noto Sans CJK SC'" : 'font=sans';
/** Escapes a text for a drawtext option inside a filter graph. */
const esc = (text) => text.replace(/\\/g, '\\\\').replace(/'/g, "\u2019").replace(/:/g, '\\:').replace(/%/g, '\\%');
const text = (t, opts) => `drawtext=${font}:text='${esc(t)}':${opts}`;

function ffmpeg(...args) {
  const r = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`ffmpeg failed: ${args.join(' ')}`);
}

const x264 = ['-c:v', 'libx264', '-preset', 'slow', '-crf', '30', '-pix_fmt', 'yuv420p', '-profile:v', 'main'];
const gop = ['-g', '30', '-keyint_min', '30', '-sc_threshold', '0'];
const aac = ['-c:a', 'aac', '-b:a', '48k', '-ac', '1', '-ar', '44100'];
// The running timer is a pts expansion, so it is not escaped like plain text.
const timerFilter = `drawtext=${font}:text='%{pts\\:hms}':x=w-tw-10:y=h-th-10:fontsize=18:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=4`;

/** A 320x180 H.264 + AAC test video with a title and a running timer. */
function video(file, source, title, tone, seconds) {
  const vf = `${text(title, 'x=10:y=10:fontsize=16:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=4')},${timerFilter}`;
  ffmpeg(
    '-f', 'lavfi', '-i', `${source}=size=320x180:rate=30:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=${tone}:beep_factor=2:duration=${seconds}:sample_rate=44100`,
    '-vf', vf, ...x264, ...gop, ...aac, '-shortest', '-movflags', '+faststart', join(out, file),
  );
}

video('welcome.mp4', 'testsrc2', caption('欢迎加入星辰', 'Welcome'), 440, 12);
ffmpeg(
  '-i', join(out, 'welcome.mp4'), '-c', 'copy', '-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod',
  '-hls_segment_filename', join(out, 'welcome/segment-%02d.ts'), join(out, 'welcome/index.m3u8'),
);
video('clip.mp4', 'testsrc', caption('课程短片', 'Course clip'), 660, 12);

ffmpeg(
  '-f', 'lavfi', '-i', "aevalsrc='0.3*sin(2*PI*(330+110*floor(mod(t\\,4)))*t)*(0.6+0.4*sin(2*PI*2*t))':d=10:s=44100",
  ...aac, '-movflags', '+faststart', join(out, 'company.m4a'),
);

/** A still image drawn with ffmpeg filters. */
function still(file, size, background, filters, quality = []) {
  ffmpeg('-f', 'lavfi', '-i', `${background}:s=${size}:d=1`, '-vf', filters.join(','), '-frames:v', '1', ...quality, join(out, file));
}
const jpg = ['-q:v', '5'];

for (const [file, at] of [['covers/welcome.jpg', 2], ['covers/clip.jpg', 2]]) {
  ffmpeg('-ss', String(at), '-i', join(out, file.endsWith('welcome.jpg') ? 'welcome.mp4' : 'clip.mp4'), '-frames:v', '1', ...jpg, join(out, file));
}

const covers = [
  ['onboarding', '新员工入职培训', 'Onboarding', '0x1d4ed8', '0x60a5fa'],
  ['communication', '沟通表达', 'Communication', '0x7c3aed', '0xc4b5fd'],
  ['office', '办公效率', 'Productivity', '0x0f766e', '0x5eead4'],
  ['data', '数据分析', 'Data analysis', '0x0369a1', '0x7dd3fc'],
  ['safety', '安全生产', 'Safety', '0xb91c1c', '0xfca5a5'],
  ['leadership', '管理领导力', 'Leadership', '0xa16207', '0xfde68a'],
  ['project', '培训项目', 'Programme', '0x1e3a8a', '0x93c5fd'],
  ['live', '直播', 'Live', '0xbe123c', '0xfda4af'],
  ['production', '生产管理', 'Production', '0x15803d', '0x86efac'],
  ['quality', '质量管理', 'Quality', '0x166534', '0xbbf7d0'],
];
for (const [name, zh, en, c0, c1] of covers) {
  still(`covers/${name}.jpg`, '480x270', `gradients=c0=${c0}:c1=${c1}:x0=0:y0=0:x1=480:y1=270:speed=0.00001`, [
    ...(cjk ? [text(zh, 'x=32:y=(h/2)-48:fontsize=40:fontcolor=white')] : []),
    text(en, `x=32:y=(h/2)+${cjk ? 12 : -20}:fontsize=28:fontcolor=white@0.9`),
  ], jpg);
}

const room = (x, y, w, h, label) => [
  `drawbox=x=${x}:y=${y}:w=${w}:h=${h}:color=0x334155:t=4`,
  text(label, `x=${x}+12:y=${y}+12:fontsize=18:fontcolor=0x0f172a`),
];
still('floor-plan.png', '640x400', 'color=c=0xf8fafc', [
  ...room(20, 20, 260, 160, caption('会议室', 'Meeting room')),
  ...room(280, 20, 340, 240, caption('开放办公区', 'Open office')),
  ...room(20, 180, 260, 200, caption('前台', 'Reception')),
  ...room(280, 260, 200, 120, caption('茶水间', 'Pantry')),
  ...room(480, 260, 140, 120, caption('出口', 'Exit')),
]);

const guide = (file, step, title, colour) =>
  still(file, '640x360', `color=c=${colour}`, [
    'drawbox=x=40:y=60:w=560:h=240:color=white@0.85:t=fill',
    text(String(step), 'x=70:y=110:fontsize=96:fontcolor=0x1d4ed8'),
    text(title, 'x=180:y=160:fontsize=26:fontcolor=0x0f172a'),
  ], jpg);
guide('guide-1.jpg', 1, caption('前台领取工牌', 'Collect your badge'), '0xdbeafe');
guide('guide-2.jpg', 2, caption('人力资源部签约', 'Sign with HR'), '0xdcfce7');

// The handbook: Latin text, with the Chinese title drawn as an image.
still('handbook-title.png', '600x80', 'color=c=white', [text(cjk ? '企业文化手册' : 'Culture handbook', 'x=0:y=10:fontsize=52:fontcolor=0x1d4ed8')]);
const pdf = await PDFDocument.create();
pdf.setTitle('企业文化手册 Culture handbook');
pdf.setAuthor('Xingchen Technology');
pdf.setCreationDate(FIXED_DATE);
pdf.setModificationDate(FIXED_DATE);
const helvetica = await pdf.embedFont(StandardFonts.Helvetica);
const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
const titleImage = await pdf.embedPng(readFileSync(join(out, 'handbook-title.png')));
rmSync(join(out, 'handbook-title.png'));
const pages = [
  ['Our mission', ['Make learning part of every working day.', 'We grow together with our customers.']],
  ['Our values', ['Customer first.', 'Teamwork and openness.', 'Keep learning, keep improving.']],
  ['Working together', ['Respect each other’s time.', 'Share what you know.', 'Ask for help early.']],
];
pages.forEach(([heading, lines], i) => {
  const page = pdf.addPage([420, 595]);
  page.drawText(`${i + 1} / ${pages.length}`, { x: 40, y: 500, size: 64, font: bold, color: rgb(0.11, 0.3, 0.85) });
  page.drawText('Xingchen Technology · Culture handbook', { x: 40, y: 568, size: 12, font: helvetica, color: rgb(0.4, 0.45, 0.5) });
  if (i === 0) page.drawImage(titleImage, { x: 40, y: 400, width: 300, height: 40 });
  page.drawText(heading, { x: 40, y: 350, size: 26, font: bold });
  lines.forEach((line, j) => page.drawText(line, { x: 40, y: 310 - j * 24, size: 14, font: helvetica }));
});
writeFileSync(join(out, 'handbook.pdf'), await pdf.save({ useObjectStreams: true }));
copyFileSync(join(out, 'handbook.pdf'), join(out, 'courseware/culture-handbook.pdf'));

// Courseware files.
const book = new ExcelJS.Workbook();
book.creator = 'Xingchen Technology';
book.created = FIXED_DATE;
book.modified = FIXED_DATE;
const sheet = book.addWorksheet('考勤制度');
sheet.columns = [
  { header: '项目', key: 'item', width: 14 },
  { header: '规定', key: 'rule', width: 40 },
];
sheet.getRow(1).font = { bold: true };
sheet.addRows([
  { item: '上班时间', rule: '工作日 9:00–18:00，午休 12:00–13:30' },
  { item: '打卡', rule: '上下班各打卡一次，外出须在系统登记' },
  { item: '迟到', rule: '9:15 之后打卡计为迟到' },
  { item: '请假', rule: '提前一个工作日在系统中提交申请' },
  { item: '加班', rule: '经主管批准后可调休' },
]);
const xlsx = Buffer.from(await book.xlsx.writeBuffer());
writeFileSync(join(out, 'courseware/attendance.xlsx'), xlsx);

const notes = [
  '报到须知',
  '',
  '1. 报到当天请于 9:00 前到达一楼前台。',
  '2. 请携带身份证原件、学历证书和一寸照片两张。',
  '3. 领取工牌后到人力资源部签订劳动合同。',
  '4. 下午 14:00 参加新员工见面会。',
  '',
  '如有疑问，请联系人力资源部：hr@xingchen.example.com',
  '',
].join('\n');
writeFileSync(join(out, 'courseware/check-in-notes.txt'), notes);

const xml = (body) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`;
const escXml = (t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const rels = (items) =>
  xml(`<Relationships xmlns="${PKG_REL}">${items.map(([id, type, target]) => `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`).join('')}</Relationships>`);

/** Writes a zip (fixed dates, deflated, UTF-8 names) through python3's zipfile. */
function zip(file, entries) {
  const payload = JSON.stringify(entries.map(([name, data]) => [name, Buffer.from(data).toString('base64')]));
  const script = [
    'import base64, json, sys, zipfile',
    'entries = json.load(sys.stdin)',
    'with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:',
    '    for name, data in entries:',
    '        info = zipfile.ZipInfo(name, (2026, 1, 5, 9, 0, 0))',
    '        info.compress_type = zipfile.ZIP_DEFLATED',
    '        z.writestr(info, base64.b64decode(data))',
  ].join('\n');
  const r = spawnSync('python3', ['-c', script, file], { input: payload, stdio: ['pipe', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`zip failed: ${file}`);
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const paragraphs = [
  ['员工手册', true],
  ['第一章 总则', true],
  ['本手册适用于星辰科技全体员工，介绍公司的基本制度与行为规范。', false],
  ['第二章 工作时间', true],
  ['公司实行标准工时制，工作日 9:00 至 18:00。', false],
  ['第三章 保密义务', true],
  ['员工应妥善保管公司资料，不得向外部泄露。', false],
];
const docxBody = paragraphs
  .map(([t, strong]) => `<w:p><w:r>${strong ? '<w:rPr><w:b/><w:sz w:val="32"/></w:rPr>' : ''}<w:t xml:space="preserve">${escXml(t)}</w:t></w:r></w:p>`)
  .join('');
zip(join(out, 'courseware/staff-handbook.docx'), [
  ['[Content_Types].xml', xml(`<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`)],
  ['_rels/.rels', rels([['rId1', 'officeDocument', 'word/document.xml']])],
  ['word/document.xml', xml(`<w:document xmlns:w="${W}"><w:body>${docxBody}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr></w:body></w:document>`)],
]);

// A presentation: the parts PowerPoint needs (presentation, master, layout, theme, slides).
const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const ns = `xmlns:a="${A}" xmlns:r="${REL}" xmlns:p="${P}"`;
const emptyTree = '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>';
const textBox = (id, y, h, size, t) =>
  `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="Text ${id}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="685800" y="${y}"/><a:ext cx="7772400" cy="${h}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr><p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="zh-CN" sz="${size}"/><a:t>${escXml(t)}</a:t></a:r></a:p></p:txBody></p:sp>`;
const slides = [
  ['公司介绍', '星辰科技 · Xingchen Technology'],
  ['我们的业务', '企业学习平台与数字化培训服务'],
  ['我们的团队', '六大中心，携手成长'],
];
const theme = xml(`<a:theme xmlns:a="${A}" name="Office"><a:themeElements><a:clrScheme name="Office"><a:dk1><a:srgbClr val="000000"/></a:dk1><a:lt1><a:srgbClr val="FFFFFF"/></a:lt1><a:dk2><a:srgbClr val="1F2937"/></a:dk2><a:lt2><a:srgbClr val="F3F4F6"/></a:lt2><a:accent1><a:srgbClr val="1D4ED8"/></a:accent1><a:accent2><a:srgbClr val="0F766E"/></a:accent2><a:accent3><a:srgbClr val="B91C1C"/></a:accent3><a:accent4><a:srgbClr val="A16207"/></a:accent4><a:accent5><a:srgbClr val="7C3AED"/></a:accent5><a:accent6><a:srgbClr val="15803D"/></a:accent6><a:hlink><a:srgbClr val="1D4ED8"/></a:hlink><a:folHlink><a:srgbClr val="7C3AED"/></a:folHlink></a:clrScheme><a:fontScheme name="Office"><a:majorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont><a:minorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/></a:minorFont></a:fontScheme><a:fmtScheme name="Office"><a:fillStyleLst><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:fillStyleLst><a:lnStyleLst><a:ln w="9525"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln><a:ln w="25400"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln><a:ln w="38100"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln></a:lnStyleLst><a:effectStyleLst><a:effectStyle><a:effectLst/></a:effectStyle><a:effectStyle><a:effectLst/></a:effectStyle><a:effectStyle><a:effectLst/></a:effectStyle></a:effectStyleLst><a:bgFillStyleLst><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:bgFillStyleLst></a:fmtScheme></a:themeElements></a:theme>`);
const PML = 'application/vnd.openxmlformats-officedocument.presentationml';
zip(join(out, 'courseware/company-intro.pptx'), [
  ['[Content_Types].xml', xml(`<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="${PML}.presentation.main+xml"/><Override PartName="/ppt/slideMasters/slideMaster1.xml" ContentType="${PML}.slideMaster+xml"/><Override PartName="/ppt/slideLayouts/slideLayout1.xml" ContentType="${PML}.slideLayout+xml"/><Override PartName="/ppt/theme/theme1.xml" ContentType="application/vnd.openxmlformats-officedocument.theme+xml"/>${slides.map((_, i) => `<Override PartName="/ppt/slides/slide${i + 1}.xml" ContentType="${PML}.slide+xml"/>`).join('')}</Types>`)],
  ['_rels/.rels', rels([['rId1', 'officeDocument', 'ppt/presentation.xml']])],
  ['ppt/presentation.xml', xml(`<p:presentation ${ns}><p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst><p:sldIdLst>${slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 3}"/>`).join('')}</p:sldIdLst><p:sldSz cx="9144000" cy="5143500"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>`)],
  ['ppt/_rels/presentation.xml.rels', rels([
    ['rId1', 'slideMaster', 'slideMasters/slideMaster1.xml'],
    ['rId2', 'theme', 'theme/theme1.xml'],
    ...slides.map((_, i) => [`rId${i + 3}`, 'slide', `slides/slide${i + 1}.xml`]),
  ])],
  ['ppt/slideMasters/slideMaster1.xml', xml(`<p:sldMaster ${ns}><p:cSld><p:bg><p:bgRef idx="1001"><a:schemeClr val="bg1"/></p:bgRef></p:bg><p:spTree>${emptyTree}</p:spTree></p:cSld><p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/><p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst></p:sldMaster>`)],
  ['ppt/slideMasters/_rels/slideMaster1.xml.rels', rels([['rId1', 'slideLayout', '../slideLayouts/slideLayout1.xml'], ['rId2', 'theme', '../theme/theme1.xml']])],
  ['ppt/slideLayouts/slideLayout1.xml', xml(`<p:sldLayout ${ns} type="blank" preserve="1"><p:cSld name="Blank"><p:spTree>${emptyTree}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>`)],
  ['ppt/slideLayouts/_rels/slideLayout1.xml.rels', rels([['rId1', 'slideMaster', '../slideMasters/slideMaster1.xml']])],
  ['ppt/theme/theme1.xml', theme],
  ...slides.flatMap(([title, sub], i) => [
    [`ppt/slides/slide${i + 1}.xml`, xml(`<p:sld ${ns}><p:cSld><p:spTree>${emptyTree}${textBox(2, 1371600, 914400, 4000, title)}${textBox(3, 2514600, 685800, 2400, sub)}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>`)],
    [`ppt/slides/_rels/slide${i + 1}.xml.rels`, rels([['rId1', 'slideLayout', '../slideLayouts/slideLayout1.xml']])],
  ]),
]);

zip(join(out, 'courseware/onboarding-pack.zip'), [
  ['入职资料包/报到须知.txt', notes],
  ['入职资料包/考勤制度.xlsx', xlsx],
  ['入职资料包/README.txt', 'Xingchen Technology onboarding pack: check-in notes and the attendance sheet.\n'],
]);

// The manifest: every file's size, and the real duration of every medium.
const probe = (file) =>
  Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim());
const walk = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
const files = {};
for (const file of walk(out).sort()) {
  const name = relative(out, file).split('\\').join('/');
  const entry = { bytes: statSync(file).size };
  if (/\.(mp4|m4a|m3u8)$/.test(name)) entry.duration = Math.round(probe(file) * 1000) / 1000;
  files[name] = entry;
}
writeFileSync(join(out, 'manifest.json'), `${JSON.stringify({ generatedBy: 'scripts/make-demo-media.mjs', files }, null, 2)}\n`);
const total = Object.values(files).reduce((sum, f) => sum + f.bytes, 0);
console.log(`${Object.keys(files).length} files, ${(total / 1024).toFixed(0)} KiB in ${relative(root, out)}`);
