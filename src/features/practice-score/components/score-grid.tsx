import { useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Input, Table, type InputRef, type TableColumnsType } from 'antd';
import { GRADE_LEVELS, SCORE_MARKS, cellProblem, parsePastedColumn, type SheetDetail, type SheetStudent } from '@contract/practice-score.ts';
import { notify } from '@/components/notification/notification-store.ts';

interface ScoreGridProps {
  sheet: SheetDetail;
  /** The cells as typed, by student id. */
  values: Record<string, string>;
  /** One or more cells changed (typed, or pasted from a spreadsheet). */
  onChange: (changes: Record<string, string>) => void;
}

const CHOICES_ID = 'practice-score-choices';

/**
 * The students of a sheet with one score input each (antd); the input offers the levels of 五级制 and the
 * marks 缺考, 缓考 and 免修 (which may also be typed). Tab and Enter go to the next student's
 * input, Shift+Tab and Shift+Enter to the one before; a column pasted from Excel fills the cell and
 * those below it. Each cell shows what is wrong with it at once, tied to the input for screen readers.
 * A sheet the caller may not change shows the values as text.
 */
export function ScoreGrid({ sheet, values, onChange }: ScoreGridProps) {
  const inputs = useRef<(InputRef | null)[]>([]);
  const [focused, setFocused] = useState<number | null>(null);
  const { students, editable, scoreMode } = sheet;

  const focusRow = (index: number) => {
    const input = inputs.current[index];
    if (!input) return false;
    input.focus({ cursor: 'all' });
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (event.key !== 'Enter' && event.key !== 'Tab') return;
    if (event.nativeEvent.isComposing) return;
    const next = index + (event.shiftKey ? -1 : 1);
    // Past the first or last student Tab leaves the grid as usual; Enter stays.
    if (next >= 0 && next < students.length) {
      event.preventDefault();
      focusRow(next);
    } else if (event.key === 'Enter') event.preventDefault();
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>, index: number) => {
    const text = event.clipboardData.getData('text/plain');
    // One value pasted into one cell is plain typing.
    if (!/[\t\r\n]/.test(text)) return;
    event.preventDefault();
    const column = parsePastedColumn(text);
    const room = students.length - index;
    const changes = Object.fromEntries(column.slice(0, room).map((value, offset) => [students[index + offset]!.studentId, value]));
    onChange(changes);
    if (column.length > room) notify.warning(`粘贴了${column.length}行，超出名单的${column.length - room}行未填入`);
    focusRow(Math.min(index + column.length, students.length) - 1);
  };

  const columns: TableColumnsType<SheetStudent> = [
    { title: '序号', key: 'no', width: 70, render: (_v, _row, index) => index + 1 },
    { title: '学号', dataIndex: 'studentNo', width: 160 },
    { title: '姓名', dataIndex: 'name', width: 140 },
    {
      title: `成绩（${scoreMode === 'grade' ? '优/良/中/及格/不及格' : '0–100'}，或${SCORE_MARKS.join('/')}）`,
      key: 'value',
      render: (_v, row, index) => {
        const value = values[row.studentId] ?? '';
        if (!editable) return <span className="practice-score__value">{value || <span className="practice-score__blank">未录入</span>}</span>;
        const problem = cellProblem(value, scoreMode);
        const errorId = `practice-score-error-${row.studentId}`;
        return (
          <div className="practice-score__cell">
            <Input
              ref={(input) => {
                inputs.current[index] = input;
              }}
              value={value}
              status={problem ? 'error' : undefined}
              aria-label={`${row.name}的成绩`}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? errorId : undefined}
              autoComplete="off"
              list={CHOICES_ID}
              inputMode={scoreMode === 'grade' ? 'text' : 'decimal'}
              maxLength={20}
              style={{ width: 160 }}
              onFocus={() => setFocused(index)}
              onBlur={() => setFocused((current) => (current === index ? null : current))}
              onChange={(event) => onChange({ [row.studentId]: event.target.value })}
              onKeyDown={(event) => onKeyDown(event, index)}
              onPaste={(event) => onPaste(event, index)}
            />
            {problem && (
              <div id={errorId} className="practice-score__error" role="alert">
                {problem}
              </div>
            )}
          </div>
        );
      },
    },
  ];

  return (
    <>
      {editable && (
        <datalist id={CHOICES_ID}>
          {[...(scoreMode === 'grade' ? GRADE_LEVELS : []), ...SCORE_MARKS].map((choice) => (
            <option key={choice} value={choice} />
          ))}
        </datalist>
      )}
      <Table<SheetStudent>
        rowKey="studentId"
        size="small"
        columns={columns}
        dataSource={students}
        pagination={false}
        rowClassName={(_row, index) => (index === focused ? 'practice-score__row--focused' : '')}
        locale={{ emptyText: '这张成绩单没有学生' }}
      />
    </>
  );
}
