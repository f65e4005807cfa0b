import { Fragment, useState, type ReactNode } from 'react';
import { ActionSheet, Button, List, SearchBar, SwipeAction, Tabs, Tag, type SwipeActionProps } from 'antd-mobile';
import { DictLabel } from '@/components/dict-select/dict-label.tsx';
import { PhoneInfiniteList } from '@/components/phone-list/phone-infinite-list.tsx';
import { confirmDialog } from '@/components/sheet/dialog.ts';
import { useBackCloses } from '@/hooks/use-back-closes.ts';
import { useAllowed } from '@/hooks/use-permission.ts';
import { MOBILE_TAG_COLORS } from '../tone-colors.ts';
import { actionLabel, isBlank, isShownDict, isShownTag, isSearched, offeredActions, rowActions, shownOf, type ChoiceFilter, type DeclaredList, type ListColumn, type ListTool, type RowAction, type Shown } from './list-declaration.ts';
import './list.css';

/** A value on a card as antd-mobile draws it (a blank is left to the caller, which leaves its line out). */
export function PhoneShown({ shown }: { shown: Shown }) {
  if (Array.isArray(shown)) {
    return (
      <span className="list-phone__parts">
        {shown.filter((part: Shown) => !isBlank(part)).map((part: Shown, index) => (
          <PhoneShown key={index} shown={part} />
        ))}
      </span>
    );
  }
  if (isShownTag(shown)) {
    return (
      <Tag color={MOBILE_TAG_COLORS[shown.tone]} fill="outline">
        {shown.tag}
      </Tag>
    );
  }
  if (isShownDict(shown)) return <DictLabel dictCode={shown.dict} value={shown.value} />;
  return <>{shown}</>;
}

/** Runs a row action after its confirmation: the dialog's button is the action's own name unless the declaration says. */
export async function runPhoneAction<Row>(action: RowAction<Row>, row: Row) {
  const confirm = action.confirm?.(row);
  const content = confirm && (confirm.description ? `${confirm.title} ${confirm.description}` : confirm.title);
  if (content && !(await confirmDialog({ content, confirmText: confirm.ok ?? actionLabel(action, row), cancelText: '取消' }))) return;
  await Promise.resolve(action.run(row)).catch(() => undefined);
}

/** A row's actions as phone buttons: small ones on a card, whole-width ones under a row's form. */
export function PhoneActionButtons<Row>({ actions, row, block = false, onSheet }: { actions: readonly RowAction<Row>[]; row: Row; block?: boolean; onSheet?: () => void }) {
  if (actions.length === 0) return null;
  return (
    <span className={block ? 'list-phone__block-actions' : 'list-phone__actions'}>
      {actions.map((action) => (
        <Button
          key={action.key}
          size={block ? 'middle' : 'mini'}
          block={block}
          color={action.danger ? 'danger' : block || action.primary ? 'primary' : 'default'}
          fill={block || action.primary || action.danger ? 'outline' : 'solid'}
          loading={action.busy?.(row)}
          disabled={action.disabled?.(row)}
          onClick={(event) => {
            event.stopPropagation();
            if (action.sheet) onSheet?.();
            void runPhoneAction(action, row);
          }}
        >
          {actionLabel(action, row)}
        </Button>
      ))}
    </span>
  );
}

/** The list's own buttons the user may use on the phone (立即检查). */
export function PhoneToolButtons({ tools }: { tools?: readonly ListTool[] }) {
  return offeredActions(tools, useAllowed(), 'phone').map((tool) => (
    <Button key={tool.key} size="small" color="primary" fill="outline" loading={tool.busy} onClick={() => void tool.run()}>
      {tool.label}
    </Button>
  ));
}

/** A list's filter as tabs above it. */
export function FilterTabs({ filter }: { filter: ChoiceFilter }) {
  return (
    <Tabs activeKey={filter.value} onChange={filter.onChange}>
      {filter.options.map((option) => (
        <Tabs.Tab key={option.value} title={option.label} />
      ))}
    </Tabs>
  );
}

const placed = <Row,>(list: DeclaredList<Row>, where: ListColumn<Row>['phone']) => list.columns.filter((c) => c.phone === where);

export interface ListRowsProps<Row> {
  list: DeclaredList<Row>;
  /** A tap on a row, when not the declaration's open or its action sheet (a resource's form). */
  onTap?: (row: Row) => void;
  /** Actions swiped in from the right (a resource's 删除). */
  swipe?: (row: Row) => SwipeActionProps['rightActions'];
  /** Whether each row is a list item to a screen reader (the default; the resource lists' rows are not, as before). */
  listItems?: boolean;
}

/**
 * The rows as antd-mobile list items: the title, what sits at its right and the lines under it as the columns
 * declare, with the row's actions on the card or in a sheet a tap opens. Each row is a list item to a screen reader.
 */
export function ListRows<Row>({ list, onTap, swipe, listItems = true }: ListRowsProps<Row>) {
  const offered = offeredActions(list.actions, useAllowed(), 'phone');
  const [chosen, setChosen] = useState<Row | null>(null);
  useBackCloses(chosen !== null, () => setChosen(null));
  const sheet = list.phoneActions === 'sheet';
  const [title] = placed(list, 'title');
  const extra = placed(list, 'extra');
  const under = list.columns.filter((c) => c.phone === 'line' || c.phone === 'bare');
  const titleOf = (row: Row) => title && <PhoneShown shown={shownOf(title, row, 'phone')} />;
  const tap = (row: Row) => (sheet ? () => setChosen(row) : list.open ? () => list.open?.(row) : onTap && (() => onTap(row)));

  const item = (row: Row) => {
    const shownLines = under.flatMap((column) => {
      const shown = shownOf(column, row, 'phone');
      if (isBlank(shown)) return [];
      return [
        <span key={column.key} className={`list-col-${column.key}`}>
          {column.phone === 'line' && `${column.phoneLabel ?? column.label}：`}
          <PhoneShown shown={shown} />
        </span>,
      ];
    });
    const cardActions = list.phoneActions === 'card' ? <PhoneActionButtons actions={rowActions(offered, row)} row={row} /> : null;
    return (
      <List.Item
        onClick={tap(row)}
        extra={extra.length > 0 ? extra.map((c) => <PhoneShown key={c.key} shown={shownOf(c, row, 'phone')} />) : undefined}
        description={
          shownLines.length > 0 || cardActions ? (
            <>
              {shownLines.length > 0 && <span className="list-phone__lines">{shownLines}</span>}
              {cardActions}
            </>
          ) : undefined
        }
      >
        <span className="list-phone__title">{titleOf(row)}</span>
      </List.Item>
    );
  };

  const cards = (
    <List mode={list.cards ? 'card' : 'default'}>
      {list.data.rows.map((row) => {
        const right = swipe?.(row);
        const card = right && right.length > 0 ? <SwipeAction rightActions={right}>{item(row)}</SwipeAction> : item(row);
        return listItems ? (
          <div role="listitem" key={list.rowKey(row)}>
            {card}
          </div>
        ) : (
          <Fragment key={list.rowKey(row)}>{card}</Fragment>
        );
      })}
    </List>
  );
  // antd-mobile's List has no list role: a wrapper gives it, and the rows' region names it.
  const rows = listItems ? <div role="list">{cards}</div> : cards;
  return (
    <>
      {list.rowsLabel ? <section aria-label={list.rowsLabel}>{rows}</section> : rows}
      {sheet && (
        <ActionSheet
          visible={chosen !== null}
          actions={chosen ? rowActions(offered, chosen).map((action) => ({ key: action.key, text: actionLabel(action, chosen), danger: action.danger, onClick: () => void runPhoneAction(action, chosen) })) : []}
          extra={chosen ? titleOf(chosen) : undefined}
          cancelText="取消"
          closeOnAction
          onClose={() => setChosen(null)}
        />
      )}
    </>
  );
}

export interface ListPhoneProps<Row> extends ListRowsProps<Row> {
  /** Beside the search bar (新增). */
  top?: ReactNode;
  /** Above the rows, pulled with them. */
  header?: ReactNode;
  /** The screen's sheets and dialogs. */
  children?: ReactNode;
}

/**
 * A declared list on the phone (antd-mobile only): its search bar and filter tabs, then its rows, pulled down to
 * read again and, when paged, read page after page as one scrolls, with the loading, failure and empty states.
 */
export function ListPhone<Row>({ list, top, header, children, ...rows }: ListPhoneProps<Row>) {
  const { title, search, filter, data } = list;
  const empty = data.rows.length === 0;
  return (
    <section className="list-phone" aria-label={title}>
      {(search || top || list.tools) && (
        <div className="list-phone__top">
          {search && <SearchBar placeholder={search.placeholder} defaultValue={search.value} onSearch={(text) => search.onSearch(text.trim())} onClear={() => search.onSearch('')} aria-label={search.label} />}
          {top}
          <PhoneToolButtons tools={list.tools} />
        </div>
      )}
      {filter && <FilterTabs filter={filter} />}
      <PhoneInfiniteList
        query={{ isPending: data.pending, isError: data.failed, hasNextPage: data.more?.has ?? false, refetch: data.refetch, fetchNextPage: data.more?.load }}
        total={data.more?.total}
        empty={empty}
        emptyTitle={list.empty}
        emptyDescription={(isSearched(list) && list.unmatched) || list.emptyHint || '下拉可刷新'}
        failedTitle={list.failed?.title}
        failedDescription={list.failed?.description}
        header={header}
      >
        <ListRows list={list} {...rows} />
      </PhoneInfiniteList>
      {children}
    </section>
  );
}
