import { describe, expect, it } from 'vitest';
import {
  IMPORT_MESSAGES,
  importError,
  importFieldError,
  importReducer,
  initialImportState,
  dispositionFileName,
  fileNameWith,
  importFileProblem,
  isExcelFile,
  keptFile,
  readImportResponse,
  splitMessageLines,
  truncateLines,
  uploadProgressText,
  workbookFileName,
  workbookKind,
  type ImportAction,
  type ImportState,
} from './import-rules.ts';

type F = { name: string; size?: number };
const file = (name: string): F => ({ name });
const XLSX_HEAD = new Uint8Array([0x50, 0x4b, 0x03, 0x04]);
const OLE_HEAD = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]);
/** Choosing a file whose content is an .xlsx workbook (the name decides the rest). */
const choose = (name: string, head = XLSX_HEAD): ImportAction<F> => ({ type: 'choose', file: file(name), head });
const run = (actions: ImportAction<F>[], from: ImportState<F> = initialImportState) => actions.reduce(importReducer<F>, from);

describe('isExcelFile (SPEC.md section 5)', () => {
  it.each(['a.xls', 'a.xlsx', 'A.XLS', '课程.XlSx', 'x.y.xlsx', ' b.xls '])('accepts %s', (name) => expect(isExcelFile(name)).toBe(true));
  it.each(['a.csv', 'a.xlsm', 'a.xls.txt', 'xls', '.xlsx', 'a.xlsxx', 'a', ''])('refuses %s', (name) => expect(isExcelFile(name)).toBe(false));
});

describe('importFileProblem: what the server would refuse, said before uploading', () => {
  it('takes an .xlsx workbook, also one named .xls (old templates were)', () => {
    expect(importFileProblem('学生.xlsx', XLSX_HEAD)).toBeNull();
    expect(importFileProblem('学生导入模板.XLS', XLSX_HEAD)).toBeNull();
  });

  it('takes an old binary .xls workbook, in any letter case, also one named .xlsx', () => {
    expect(importFileProblem('学生.xls', OLE_HEAD)).toBeNull();
    expect(importFileProblem('学生.XLS', OLE_HEAD)).toBeNull();
    expect(importFileProblem('学生.xlsx', OLE_HEAD)).toBeNull();
  });

  it('refuses a workbook over 5 MB, and takes one of 5 MB', () => {
    expect(importFileProblem('学生.xls', OLE_HEAD, 5 * 1024 * 1024 + 1)).toBe('文件不能超过5MB');
    expect(importFileProblem('学生.xls', OLE_HEAD, 5 * 1024 * 1024)).toBeNull();
  });

  it('refuses other names and anything that is no workbook', () => {
    expect(importFileProblem('学生.csv', XLSX_HEAD)).toBe('选择需要导入的Excel文件!');
    expect(importFileProblem('学生.xlsx', new TextEncoder().encode('a,b\n'))).toBe('选择需要导入的Excel文件!');
    expect(importFileProblem('学生.xlsx', new Uint8Array())).toBe('选择需要导入的Excel文件!');
  });

  it('reads a workbook\'s kind from its first bytes', () => {
    expect(workbookKind(XLSX_HEAD)).toBe('.xlsx');
    expect(workbookKind(OLE_HEAD)).toBe('.xls');
    expect(workbookKind(new Uint8Array([0x7b, 0x22]))).toBeNull();
  });
});

describe('messages', () => {
  it('are the catalogue words', () => {
    expect(IMPORT_MESSAGES).toMatchObject({
      noFile: '请先选择文件!',
      notExcel: '选择需要导入的Excel文件!',
      title: '导入提示',
      uploadFailed: '文件上传失败!',
      uploaded: '文件上传成功.',
      templateFailed: '文件下载失败',
    });
  });

  it('splits on @ and drops empty pieces', () => {
    expect(splitMessageLines('第1行错误@第2行错误@')).toEqual(['第1行错误', '第2行错误']);
    expect(splitMessageLines(' 只有一行 ')).toEqual(['只有一行']);
    expect(splitMessageLines('')).toEqual([]);
    expect(splitMessageLines(null)).toEqual([]);
    expect(splitMessageLines('@@')).toEqual([]);
  });

  it('shows up to the sixth-row marker: five lines, then ...', () => {
    const lines = ['1', '2', '3', '4', '5', '6', '7'];
    expect(truncateLines(lines)).toBe('1\n2\n3\n4\n5\n...');
    expect(truncateLines(lines.slice(0, 6))).toBe('1\n2\n3\n4\n5\n...');
    expect(truncateLines(lines.slice(0, 5))).toBe('1\n2\n3\n4\n5');
    expect(truncateLines(['一'])).toBe('一');
  });
});

describe('readImportResponse', () => {
  const many = Array.from({ length: 8 }, (_, i) => `第${i + 1}行：学号不能为空`).join('@');

  it("code '0' is an error: five lines shown, the whole text in the log", () => {
    const outcome = readImportResponse({ code: '0', message: many });
    expect(outcome).toEqual({
      kind: 'error',
      shown: ['第1行：学号不能为空', '第2行：学号不能为空', '第3行：学号不能为空', '第4行：学号不能为空', '第5行：学号不能为空', '...'].join('\n'),
      log: Array.from({ length: 8 }, (_, i) => `第${i + 1}行：学号不能为空`).join('\n'),
    });
  });

  it('a numeric 0 and success false are errors too', () => {
    expect(readImportResponse({ code: 0, message: 'a@b' })).toEqual({ kind: 'error', shown: 'a\nb', log: 'a\nb' });
    expect(readImportResponse({ success: false, code: 500, message: '文件不是Excel' })).toEqual({ kind: 'error', shown: '文件不是Excel', log: '文件不是Excel' });
  });

  it('an error without a message says 文件上传失败!', () => {
    expect(readImportResponse({ code: '0', message: '' })).toEqual({ kind: 'error', shown: '文件上传失败!', log: null });
    expect(readImportResponse(null)).toEqual({ kind: 'error', shown: '文件上传失败!', log: null });
    expect(importError(undefined)).toEqual({ kind: 'error', shown: '文件上传失败!', log: null });
  });

  it('anything else is a success with the server message, or 文件上传成功.', () => {
    expect(readImportResponse({ success: true, code: 200, message: '导入成功3条' })).toEqual({ kind: 'success', message: '导入成功3条' });
    expect(readImportResponse({ code: '1', message: '' })).toEqual({ kind: 'success', message: '文件上传成功.' });
    expect(readImportResponse({ success: true })).toEqual({ kind: 'success', message: '文件上传成功.' });
  });
});

describe('importReducer: closed → file chosen → uploading → result', () => {
  const error = readImportResponse({ code: '0', message: '第1行错误' });

  it('opens without a file', () => {
    const state = run([{ type: 'open' }]);
    expect(state).toEqual({ phase: 'open', error: null });
    expect(keptFile(state)).toBeNull();
  });

  it('submitting without a file asks for one', () => {
    const state = run([{ type: 'open' }, { type: 'submit' }]);
    expect(importFieldError(state)).toBe('请先选择文件!');
  });

  it('refuses a file that is not Excel and keeps none', () => {
    const state = run([{ type: 'open' }, choose('a.xlsx'), choose('b.csv')]);
    expect(state).toEqual({ phase: 'open', error: '选择需要导入的Excel文件!' });
  });

  it('takes an old .xls workbook', () => {
    const state = run([{ type: 'open' }, choose('a.xlsx'), choose('b.xls', OLE_HEAD)]);
    expect(state).toEqual({ phase: 'chosen', file: { name: 'b.xls' } });
  });

  it('refuses a file over 5 MB and keeps none', () => {
    const big: ImportAction<F> = { type: 'choose', file: { name: 'b.xls', size: 6 * 1024 * 1024 }, head: OLE_HEAD };
    expect(run([{ type: 'open' }, choose('a.xlsx'), big])).toEqual({ phase: 'open', error: '文件不能超过5MB' });
  });

  it('keeps one file: a second choice replaces the first and clears the message', () => {
    const state = run([{ type: 'open' }, { type: 'submit' }, choose('a.xls'), choose('B.XLSX')]);
    expect(state).toEqual({ phase: 'chosen', file: { name: 'B.XLSX' } });
    expect(importFieldError(state)).toBeNull();
  });

  it('uploads the chosen file and ignores choices meanwhile', () => {
    const state = run([{ type: 'open' }, choose('a.xls'), { type: 'submit' }, choose('c.xls'), { type: 'submit' }]);
    expect(state).toEqual({ phase: 'uploading', file: { name: 'a.xls' } });
  });

  it('a success closes', () => {
    const state = run([{ type: 'open' }, choose('a.xls'), { type: 'submit' }, { type: 'finished', outcome: { kind: 'success', message: 'ok' } }]);
    expect(state).toEqual({ phase: 'closed' });
  });

  it('an error stays open with the file, ready to try again or pick another', () => {
    const failed = run([{ type: 'open' }, choose('a.xls'), { type: 'submit' }, { type: 'finished', outcome: error }]);
    expect(failed).toEqual({ phase: 'result', file: { name: 'a.xls' }, outcome: error });
    expect(run([{ type: 'submit' }], failed)).toEqual({ phase: 'uploading', file: { name: 'a.xls' } });
    expect(run([choose('d.xlsx')], failed)).toEqual({ phase: 'chosen', file: { name: 'd.xlsx' } });
    expect(run([{ type: 'remove' }], failed)).toEqual({ phase: 'open', error: null });
  });

  it('closing drops the file, and an answer that comes after closing changes nothing', () => {
    const closed = run([{ type: 'open' }, choose('a.xls'), { type: 'submit' }, { type: 'close' }]);
    expect(closed).toEqual({ phase: 'closed' });
    expect(run([{ type: 'finished', outcome: error }], closed)).toEqual({ phase: 'closed' });
    expect(run([choose('a.xls'), { type: 'submit' }], closed)).toEqual({ phase: 'closed' });
    expect(run([{ type: 'open' }], closed)).toEqual({ phase: 'open', error: null });
  });

  it('removing the file goes back to no file', () => {
    expect(run([{ type: 'open' }, choose('a.xls'), { type: 'remove' }])).toEqual({ phase: 'open', error: null });
  });
});

describe('fileNameWith', () => {
  it('adds the extension once', () => {
    expect(fileNameWith('课程维护导入模板', '.xlsx')).toBe('课程维护导入模板.xlsx');
    expect(fileNameWith('课程维护导入模板.XLSX', '.xlsx')).toBe('课程维护导入模板.XLSX');
    expect(fileNameWith('错误日志信息', '.txt')).toBe('错误日志信息.txt');
  });
});

describe('the template\'s file name', () => {
  it('is the one Content-Disposition gives, UTF-8 encoded or plain', () => {
    expect(dispositionFileName(`attachment; filename*=UTF-8''${encodeURIComponent('学生导入模板')}.xls`)).toBe('学生导入模板.xls');
    expect(dispositionFileName('attachment; filename="template.xls"')).toBe('template.xls');
    expect(dispositionFileName('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
    expect(dispositionFileName('attachment')).toBeNull();
    expect(dispositionFileName(undefined)).toBeNull();
  });

  it('ends with the extension the content calls for, whatever the name said', () => {
    expect(workbookFileName('学生导入模板.xls', '学生导入模板', '.xls')).toBe('学生导入模板.xls');
    expect(workbookFileName('学生导入模板.xlsx', '学生导入模板', '.xls')).toBe('学生导入模板.xls');
    expect(workbookFileName('课程.XLS', '课程', '.xlsx')).toBe('课程.xlsx');
    expect(workbookFileName(null, '课程维护导入模板', '.xls')).toBe('课程维护导入模板.xls');
  });
});

describe('uploadProgressText', () => {
  it('says the percentage sent, then that the rows are being imported', () => {
    expect(uploadProgressText(0)).toBe('正在上传 0%');
    expect(uploadProgressText(99)).toBe('正在上传 99%');
    expect(uploadProgressText(100)).toBe('正在导入，请稍候…');
  });
});
