import { RECORD_PERMISSIONS } from '@contract/internship.ts';
import { CONTACT_ROLES, CONTACT_ROLE_NAMES, SEASON_STATE_TEXT, SEASON_STATE_TONE, lateText, type ContactRole, type SeasonCell, type SeasonGrid, type SeasonRow, type SeasonWeek } from '@contract/season.ts';
import type { Shown } from '@/components/list/list-declaration.ts';
import type { PageChoice } from '@/components/page-choices/page-choice.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { showFailure } from '@/components/notification/show-failure.ts';
import { useAddressParams } from '@/hooks/use-address-params.ts';
import type { Device } from '@/hooks/use-device.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { useRemindWeek } from '../api/remind-week.ts';
import { useSeasonGridQuery } from '../api/season-grid.ts';

/** 第6周（11-09 ~ 11-15）. */
export const weekLabel = (week: Pick<SeasonWeek, 'periodNo' | 'periodStart' | 'periodEnd'>) => `第${week.periodNo}周（${week.periodStart.slice(5)} ~ ${week.periodEnd.slice(5)}）`;

/** A cell in words: 应交, 已交, 迟交 3天, 已批 · 迟交 3天, 已退回. */
export function cellText(cell: SeasonCell): { state: string; late: string | null } {
  const late = cell.lateDays !== null && cell.state !== 'missing' ? lateText(cell.lateDays) : null;
  return { state: cell.state === 'submitted' && late ? '' : SEASON_STATE_TEXT[cell.state], late };
}

/** A cell as each rendering draws it: its state and how late as tags, a week outside the placement as given. */
export function cellShown(cell: SeasonCell, outside: Shown): Shown {
  if (cell.state === 'outside') return outside;
  const { state, late } = cellText(cell);
  return [state && { tag: state, tone: SEASON_STATE_TONE[cell.state] }, late && { tag: late, tone: 'danger' }];
}

/** Whose contacts the grid shows: the adviser's always, the 班主任's where the program asks for them. */
export const shownContactRoles = (grid: SeasonGrid | undefined): ContactRole[] => CONTACT_ROLES.filter((role) => role === 'adviser' || (grid?.contactsRequired[role] ?? 0) > 0);
/** A column's name: 12月联系 (the adviser's), 12月班主任联系. */
export const contactTitle = (role: ContactRole, month: string) => `${month}${role === 'adviser' ? '' : CONTACT_ROLE_NAMES[role]}联系`;
/** What a column counts, for its header's hint. */
export const contactHint = (role: ContactRole) => `本月${CONTACT_ROLE_NAMES[role]}走访、电话、微信、面谈${role === 'adviser' ? '及互动回复' : ''}的次数 / 每月要求`;

/** One's contacts this month against the program's minimum: 1/2 (short, red), 2/2; a count where none is set. */
export function contactShown(contacts: number, required: number): Shown {
  if (required === 0) return `${contacts}次`;
  return { tag: `${contacts}/${required}`, tone: contacts >= required ? 'success' : 'danger' };
}
/** The same in words for the phone's line: 12月联系 1/2 次 · 12月班主任联系 0/2 次. */
export const contactText = (row: SeasonRow, grid: SeasonGrid | undefined) =>
  shownContactRoles(grid)
    .map((role) => {
      const required = grid?.contactsRequired[role] ?? 0;
      return `${contactTitle(role, grid?.contactMonth ?? '本月')} ${required === 0 ? row.contacts[role] : `${row.contacts[role]}/${required}`} 次`;
    })
    .join(' · ');

/** What the confirmation of 一键催交 asks. */
export const remindQuestion = (week: SeasonWeek) => `将向${week.toRemind}名未交${weekLabel(week)}周记的学生发送提醒，确定吗？`;

/** A page of the grid: twenty students on a computer, fifty down the phone's list. */
const PAGE_SIZES: Record<Device, number> = { desktop: 20, tablet: 20, phone: 50 };

/** The page's hook (components/device-page.tsx). */
export function useSeasonPage(device: Device) {
  return { state: useSeasonGrid(PAGE_SIZES[device]) };
}

/**
 * 学生实习进度's state, for both layouts: the program, class and page in the address (?programId=&classId=&page=),
 * the grid's page, the week the phone shows (?week=) and its column, and 一键催交.
 */
function useSeasonGrid(pageSize: number) {
  const [params, update] = useAddressParams();
  const programId = params.get('programId') ?? undefined;
  const classId = params.get('classId') ?? undefined;
  const pageNo = Math.max(1, Number(params.get('page')) || 1);
  const grid = useSeasonGridQuery({ programId, classId, pageNo, pageSize });
  const remind = useRemindWeek();
  const canRemind = usePermission(RECORD_PERMISSIONS.review);
  const data = grid.data;
  const weeks = data?.weeks ?? [];
  const week = weeks.find((w) => w.periodStart === params.get('week')) ?? weeks.at(-2) ?? weeks.at(-1) ?? null;


  const chooseProgram = (id: string) => update({ programId: id, classId: undefined, page: undefined, week: undefined });
  const chooseClass = (id: string | undefined) => update({ classId: id, page: undefined });
  const choices: PageChoice[] = [
    {
      id: 'season-program',
      label: '实习计划',
      placeholder: '请选择实习计划',
      options: data?.programs ?? [],
      value: data?.programId ?? undefined,
      onChange: (id) => {
        if (id) chooseProgram(id);
      },
      loading: grid.isPending,
      width: 240,
    },
    { id: 'season-class', label: '班级', placeholder: '全部班级', options: data?.classes ?? [], value: classId, onChange: chooseClass, clearable: true, width: 200 },
  ];
  return {
    grid,
    data,
    weeks,
    /** The program and the class (all classes when none). */
    choices,
    /** The phone's week: the one asked for, else last week (the latest one due). */
    week,
    weekColumn: week ? weeks.indexOf(week) : -1,
    pageSize,
    pages: Math.ceil((data?.total ?? 0) / pageSize),
    classId,
    chooseWeek: (periodStart: string) => update({ week: periodStart }),
    setPage: (page: number) => update({ page: page > 1 ? String(page) : undefined }),
    canRemind,
    reminding: remind.isPending ? remind.variables?.periodStart : undefined,
    /** Sends the week's reminder; the server's answer says how many students it reached. */
    remind: async (target: SeasonWeek) => {
      if (!data?.programId) return;
      try {
        const answer = await remind.mutateAsync({ programId: data.programId, periodStart: target.periodStart, classId });
        notify.success(answer.message, { title: '一键催交' });
      } catch (error) {
        showFailure(error);
      }
    },
  };
}

export type SeasonGridState = ReturnType<typeof useSeasonGrid>;
