import { isValidElement, type ReactNode } from 'react';
import type { Device } from '@/hooks/use-device.ts';
import type { Tone } from '../tone-colors.ts';
import type { ListData } from './list-data.ts';

/**
 * A list screen declared once (no UI library here): its columns, how each value reads and where the phone's
 * card shows it, its row actions with their button rules and confirmations, its search and filter. The desktop
 * draws it as an antd Table (list-table.tsx), the phone as antd-mobile cards (list-phone.tsx).
 */

/** A status as a coloured tag. */
export interface ShownTag {
  tag: string;
  tone: Tone;
}
/** A dictionary's value, shown by its label once the dictionary is known. */
export interface ShownDict {
  dict: string;
  value: unknown;
}
/**
 * What a cell shows, each rendering drawing it with its own library: text or markup without a UI library (a
 * blank reads as a grey dash on the desktop and leaves its line out on the phone), a tag, a dictionary's label,
 * or several of them side by side.
 */
export type Shown = ReactNode | ShownTag | ShownDict | readonly Shown[];

export const isShownTag = (shown: Shown): shown is ShownTag => typeof shown === 'object' && shown !== null && !isValidElement(shown) && 'tag' in shown;
export const isShownDict = (shown: Shown): shown is ShownDict => typeof shown === 'object' && shown !== null && !isValidElement(shown) && 'dict' in shown;
export const isBlank = (shown: Shown): boolean => shown === null || shown === undefined || shown === '' || shown === false || (Array.isArray(shown) && shown.every(isBlank));

export interface ListColumn<Row> {
  key: string;
  label: string;
  /** What the cell shows; by default the row's value under key. */
  show?: (row: Row) => Shown;
  /** Desktop: width in px, kept to one line (the whole text on hover), pinned, right-aligned, sortable by the server. */
  width?: number;
  ellipsis?: boolean;
  fixed?: 'left' | 'right';
  align?: 'right';
  sortable?: boolean;
  /** The desktop's cell is a link that opens the row (the whole row opens it too). */
  opens?: boolean;
  /**
   * Where the phone's card shows it: its title, at its right, a line under the title after its label
   * (申请人：王老师), or such a line without the label. Left off the card without it.
   */
  phone?: 'title' | 'extra' | 'line' | 'bare';
  /** The label of its line when it differs from the column's (审批步骤 reads 步骤 on the card). */
  phoneLabel?: string;
  /** What the card shows when it reads differently from the cell. */
  phoneShow?: (row: Row) => Shown;
  /** Only on the phone's card, not a column of the table (已提交 at a card's right). */
  phoneOnly?: boolean;
}

export interface ActionConfirm {
  title: string;
  description?: string;
  /** The confirming button: 确定 on the desktop, the action's own name on the phone, unless given. */
  ok?: string;
}

export interface RowAction<Row> {
  key: string;
  label: string | ((row: Row) => string);
  /** The button rule that shows it; the server refuses the call anyway. */
  permission?: string;
  /** The rows it applies to (发布 on a draft); all without it. */
  when?: (row: Row) => boolean;
  /** Asked first: a popover on the desktop, a dialog on the phone. */
  confirm?: (row: Row) => ActionConfirm;
  danger?: boolean;
  /** The row's main action on the phone's card (an outlined primary button). */
  primary?: boolean;
  /** Offered on one rendering only (a cron is changed on the desktop). */
  only?: 'desktop' | 'phone';
  /** It opens a sheet of its own: the phone closes the row's form first. */
  sheet?: boolean;
  busy?: (row: Row) => boolean;
  disabled?: (row: Row) => boolean;
  /** Said on hover (desktop). */
  hint?: (row: Row) => string | undefined;
  run: (row: Row) => unknown;
}

/** A button of the whole list (立即检查), by its button rule. */
export interface ListTool {
  key: string;
  label: string;
  permission?: string;
  only?: 'desktop' | 'phone';
  busy?: boolean;
  run: () => unknown;
}

/** The keyword a list is searched by. */
export interface KeywordSearch {
  /** The search box's accessible name (搜索联系人). */
  label: string;
  placeholder: string;
  value: string;
  onSearch: (text: string) => void;
}

/** A choice the list is narrowed by: a segmented switch on the desktop, tabs on the phone. */
export interface ChoiceFilter<Value extends string = string> {
  label: string;
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
}

export interface ListDeclaration<Row> {
  /** The screen's name: its heading and its region's label (定时任务). */
  title: string;
  /** The rows' own region on the phone and the desktop's table (通告列表). */
  rowsLabel?: string;
  rowKey: (row: Row) => string;
  columns: readonly ListColumn<Row>[];
  actions?: readonly RowAction<Row>[];
  tools?: readonly ListTool[];
  /** The width of the desktop's 操作 column. */
  actionsWidth?: number;
  /** What an empty list says, the line after it (下拉可刷新 on the phone without one), and what it says once searched. */
  empty: string;
  emptyHint?: string;
  unmatched?: string;
  /** What a list that could not load says, when not the usual 加载失败. */
  failed?: { title: string; description?: string };
  /** A row opened by a click or a tap (an application, a message). */
  open?: (row: Row) => void;
  /** The phone's row actions: buttons on the card, or in a sheet a tap opens. */
  phoneActions?: 'card' | 'sheet';
  /** The phone's rows as cards on grey (List mode card) rather than one white list. */
  cards?: boolean;
  search?: KeywordSearch;
  filter?: ChoiceFilter;
  /** A 刷新 button beside the desktop's heading. */
  refresh?: boolean;
  /** The desktop table's width before it scrolls sideways. */
  scrollX?: number | 'max-content';
}

/** A declared list with its rows: what both renderings draw. */
export type DeclaredList<Row> = ListDeclaration<Row> & { data: ListData<Row> };

/** Whether the user searched the list for a keyword: then nothing found is no empty list. */
export const isSearched = <Row>(list: ListDeclaration<Row>) => Boolean(list.search?.value);

/** The row's value under the column's key, or what the column says it shows. */
export const shownOf = <Row>(column: ListColumn<Row>, row: Row, device: 'desktop' | 'phone'): Shown =>
  (device === 'phone' ? column.phoneShow : undefined)?.(row) ?? column.show?.(row) ?? ((row as Record<string, unknown>)[column.key] as ReactNode);

export const actionLabel = <Row>(action: RowAction<Row>, row: Row) => (typeof action.label === 'function' ? action.label(row) : action.label);

/** The actions or tools a rendering offers the user at all (their button rules, their rendering). */
export const offeredActions = <Action extends Pick<ListTool, 'permission' | 'only'>>(actions: readonly Action[] | undefined, allowed: (code: string) => boolean, device: Device) =>
  (actions ?? []).filter((a) => (!a.permission || allowed(a.permission)) && (!a.only || a.only === (device === 'phone' ? 'phone' : 'desktop')));

/** Those of them that apply to the row. */
export const rowActions = <Row>(offered: readonly RowAction<Row>[], row: Row) => offered.filter((a) => !a.when || a.when(row));
