import { readFileSync } from 'node:fs';
import { read, utils, write, type WorkBook } from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { POSITION_RESOURCE, positionSchema } from '@contract/position.ts';
import { buildTemplate, excelColumns, readSheetRecords, workbookKind, type ExcelColumn, type SheetRecord } from '../../server/lib/excel.ts';
import { HttpError } from '../../server/lib/http.ts';

/*
 * The Excel reader on files a spreadsheet program wrote: tests/fixtures/excel/*.xls and *.xlsx were made by
 * LibreOffice from the sheets in tests/fixtures/excel/src (scripts/make-excel-fixtures.sh), each quirk on both kinds.
 */
const fixture = (name: string) => readFileSync(new URL(`../fixtures/excel/${name}`, import.meta.url));

const STUDENT_COLUMNS: readonly ExcelColumn[] = [
  { label: '学号', kind: 'code', required: true },
  { label: '姓名', kind: 'text', required: true },
  { label: '性别', kind: 'text' },
  { label: '出生日期', kind: 'date' },
  { label: '手机号码', kind: 'text' },
  { label: '班级', kind: 'text', required: true },
  { label: '年级', kind: 'number', required: true },
  { label: '学籍状态', kind: 'text', required: true },
];
const CLASS = '软件技术2023级1班';

/** The refusal a read ends in (an HttpError 400 with the user's message). */
function refusal(read: () => unknown): { status: number; message: string } {
  try {
    read();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('the read was not refused');
}

describe.each(['students.xls', 'students.xlsx'])('%s as LibreOffice wrote it', (name) => {
  const content = fixture(name);
  let cache: SheetRecord[] | undefined;
  // Read inside each test, not while collecting: a reader that throws fails every test with its message.
  const records = () => (cache ??= readSheetRecords(content, STUDENT_COLUMNS));
  const byRow = (row: number) => records().find((r) => r.row === row)?.values;

  it('is the kind its name says, by its first bytes', () => {
    expect(workbookKind(content)).toBe(name.endsWith('.xls') ? 'xls' : 'xlsx');
  });

  it('finds the header under the title row and the merged two-row header, and gives Excel row numbers', () => {
    expect(records().map((r) => r.row)).toEqual([4, 5, 6, 7]);
    expect(byRow(4)).toEqual({ 学号: '2023010191', 姓名: '张三', 性别: '男', 出生日期: '2005-03-07', 手机号码: '17700001901', 班级: CLASS, 年级: '2023', 学籍状态: '在读' });
  });

  it('reads 学号 and phone numbers stored as numbers with all their digits, and the same stored as text', () => {
    expect(records().map((r) => r.values.学号)).toEqual(['2023010191', '2023010192', '2023010193', '2023010194']);
    expect(records().map((r) => r.values.手机号码)).toEqual(['17700001901', '17700001902', '17700001903', '']);
    // 班级 by its code, typed as a number: 20230101, not 2.0230101E7 or 20230101.0.
    expect(byRow(6)!.班级).toBe('20230101');
  });

  it('reads 年级 given as a number, as text and as 2023.0 the same', () => {
    expect(records().map((r) => r.values.年级)).toEqual(['2023', '2023', '2023', '2023']);
  });

  it('reads birthdays from date cells (any display format) and from text 2005/3/7 and 2005年3月7日', () => {
    expect(records().map((r) => r.values.出生日期)).toEqual(['2005-03-07', '2005-03-07', '2005-03-07', '2004-12-31']);
  });

  it('trims full-width and non-breaking spaces, and reads full-width digits of 学号', () => {
    expect(byRow(5)).toMatchObject({ 姓名: '李四', 手机号码: '17700001902' });
    expect(byRow(6)).toMatchObject({ 学号: '2023010193', 姓名: '王五', 学籍状态: '休学' });
  });

  it('leaves out the rows that only look filled (spaces, borders) and the columns it does not know (备注)', () => {
    expect(records()).toHaveLength(4);
    expect(Object.keys(byRow(5)!)).toEqual(STUDENT_COLUMNS.map((c) => c.label));
  });

  it('names a required column the sheet lacks', () => {
    expect(refusal(() => readSheetRecords(content, [...STUDENT_COLUMNS, { label: '身份证号', kind: 'code', required: true }]))).toEqual({ status: 400, message: '缺少列：身份证号' });
    expect(refusal(() => readSheetRecords(content, [...STUDENT_COLUMNS, { label: '工号', kind: 'code', required: true }, { label: '专业', kind: 'text', required: true }])).message).toBe('缺少列：工号、专业');
  });

  it('gives an optional column the sheet lacks as empty', () => {
    expect(readSheetRecords(content, [...STUDENT_COLUMNS, { label: '邮箱', kind: 'text' }])[0]!.values.邮箱).toBe('');
  });
});

describe('the .xls with one bad row, for the browser test', () => {
  it('has three students of one class with their 初始密码, row 4 with 性别 未知; the fixed file has 男 there', () => {
    const withPassword = [...STUDENT_COLUMNS, { label: '初始密码', kind: 'text', required: true } as const];
    expect(readSheetRecords(fixture('students-one-bad-row.xls'), withPassword).map((r) => r.values.初始密码)).toEqual(['Init@2023', 'Init@2023', 'Init@2023']);
    const bad = readSheetRecords(fixture('students-one-bad-row.xls'), STUDENT_COLUMNS);
    expect(workbookKind(fixture('students-one-bad-row.xls'))).toBe('xls');
    expect(bad.map((r) => [r.row, r.values.学号, r.values.性别, r.values.班级, r.values.出生日期])).toEqual([
      [3, '2023010195', '女', CLASS, '2005-06-18'],
      [4, '2023010196', '未知', CLASS, '2005-09-02'],
      [5, '2023010197', '男', CLASS, '2005-11-23'],
    ]);
    const fixed = readSheetRecords(fixture('students-one-bad-row-fixed.xls'), STUDENT_COLUMNS);
    expect(fixed.map((r) => r.values.性别)).toEqual(['女', '男', '男']);
  });
});

describe('the import template', () => {
  const rowsOf = (book: WorkBook) => utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });

  it('is an .xls workbook saying which columns are required, and reads back as no rows', () => {
    const template = buildTemplate('学生', STUDENT_COLUMNS);
    expect(workbookKind(template)).toBe('xls');
    expect(rowsOf(read(template))).toEqual([['带*的列为必填'], ['*学号', '*姓名', '性别', '出生日期', '手机号码', '*班级', '*年级', '*学籍状态']]);
    expect(readSheetRecords(template, STUDENT_COLUMNS)).toEqual([]);
  });

  it.each(['xls', 'xlsx'] as const)('filled in and saved as .%s, reads back with Excel row numbers', (bookType) => {
    const book = read(buildTemplate('学生', STUDENT_COLUMNS));
    utils.sheet_add_aoa(
      book.Sheets[book.SheetNames[0]!]!,
      [
        [2024010101, '孙七', '男', new Date(2006, 0, 2), 17700001908, CLASS, 2024, '在读'],
        [],
        ['2024010102', '周八', '女', '2006-1-3', '', CLASS, '2024', '在读'],
      ],
      { origin: -1, cellDates: true },
    );
    const records = readSheetRecords(write(book, { type: 'buffer', bookType }) as Buffer, STUDENT_COLUMNS);
    expect(records).toEqual([
      { row: 3, values: { 学号: '2024010101', 姓名: '孙七', 性别: '男', 出生日期: '2006-01-02', 手机号码: '17700001908', 班级: CLASS, 年级: '2024', 学籍状态: '在读' } },
      { row: 5, values: { 学号: '2024010102', 姓名: '周八', 性别: '女', 出生日期: '2006-01-03', 手机号码: '', 班级: CLASS, 年级: '2024', 学籍状态: '在读' } },
    ]);
  });

  it('marks a field required when its create schema refuses a blank cell', () => {
    expect(excelColumns(POSITION_RESOURCE.fields, positionSchema)).toEqual([
      { label: '职务编码', kind: 'code', required: true },
      { label: '职务名称', kind: 'text', required: true },
      { label: '职级', kind: 'text', required: false },
      { label: '排序', kind: 'number', required: false },
    ]);
  });
});

describe('files that are no workbook', () => {
  it('refuses text, a broken .xls and a zip that is no .xlsx', () => {
    expect(refusal(() => readSheetRecords(Buffer.from('学号,姓名\n1,张三\n'), STUDENT_COLUMNS))).toEqual({ status: 400, message: '选择需要导入的Excel文件!' });
    // (SheetJS would read a short one as a sheet of text.)
    for (const brokenOle of [Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), Buffer.alloc(60)]), Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)])]) {
      expect(refusal(() => readSheetRecords(brokenOle, STUDENT_COLUMNS)).message).toBe('无法读取该Excel文件，请确认文件未损坏');
    }
    const notXlsx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]);
    expect(refusal(() => readSheetRecords(notXlsx, STUDENT_COLUMNS)).message).toBe('无法读取该Excel文件，请确认文件未损坏');
  });

  it('asks for the template when no row names the columns', () => {
    const book = utils.book_new();
    utils.book_append_sheet(book, utils.aoa_to_sheet([['甲', '乙'], [1, 2]]), 'x');
    const content = write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    expect(refusal(() => readSheetRecords(content, STUDENT_COLUMNS)).message).toBe('缺少列：学号、姓名、班级、年级、学籍状态');
    expect(refusal(() => readSheetRecords(content, [{ label: '备注', kind: 'text' }])).message).toBe('未找到表头，请使用导入模板（应有列：备注）');
  });
});

describe('cells as people type them', () => {
  const columns: readonly ExcelColumn[] = [
    { label: '编码', kind: 'code' },
    { label: '数量', kind: 'number' },
    { label: '日期', kind: 'date' },
    { label: '名称', kind: 'text' },
  ];
  const readRows = (rows: unknown[][]) => {
    const book = utils.book_new();
    utils.book_append_sheet(book, utils.aoa_to_sheet([['编码', '数量', '日期', '名称'], ...rows]), 's');
    return readSheetRecords(write(book, { type: 'buffer', bookType: 'xls' }) as Buffer, columns).map((r) => r.values);
  };

  it('numbers: 1.0 → 1, 007 → 7, 1,234 → 1234, full-width digits, no binary noise; other text as it stands', () => {
    expect(readRows([['A', '1.0'], ['B', '007'], ['C', '1,234'], ['D', '１２'], ['E', 0.1 + 0.2], ['F', '十二']]).map((v) => v.数量)).toEqual(['1', '7', '1234', '12', '0.3', '十二']);
  });

  it('dates: serials, 2005.3.7, 20050307, a date with its time; an impossible date as it stands', () => {
    expect(readRows([['A', '', 38418], ['B', '', '2005.3.7'], ['C', '', '20050307'], ['D', '', '2005-03-07 08:30:00'], ['E', '', '2005-02-30']]).map((v) => v.日期)).toEqual([
      '2005-03-07',
      '2005-03-07',
      '2005-03-07',
      '2005-03-07',
      '2005-02-30',
    ]);
  });

  it('codes in full-width letters; a text that is not all letters and digits keeps its full-width characters', () => {
    expect(readRows([['ＡＢ－１２', '', '', '１号楼'], ['x', '', '', 'ＡＢＣ']]).map((v) => [v.编码, v.名称])).toEqual([
      ['AB-12', '１号楼'],
      ['x', 'ABC'],
    ]);
  });

  it('a 学号 kept as a number shown with leading zeros (format 00000) keeps them', () => {
    const sheet = utils.aoa_to_sheet([['编码'], [{ t: 'n', v: 123, z: '00000' }]]);
    const book = utils.book_new();
    utils.book_append_sheet(book, sheet, 's');
    expect(readSheetRecords(write(book, { type: 'buffer', bookType: 'xls' }) as Buffer, columns)[0]!.values.编码).toBe('00123');
  });
});
