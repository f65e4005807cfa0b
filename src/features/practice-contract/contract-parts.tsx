import { CONTRACT_EXPIRY, CONTRACT_RESOURCE, type ContractExpiry } from '@contract/practice-contract.ts';
import type { ChoiceFilter, Shown } from '@/components/list/list-declaration.ts';
import { useFormCarry } from '@/components/resource/form-carry.ts';
import { useListState } from '@/components/resource/list-state.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import type { ShowFields } from '@/components/resource/resource-fields.ts';
import './pages/contracts.css';

/** 校企合作协议's pieces shared by the desktop and phone renderings (no UI library here). */

export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * What a row's 到期提醒 says: 即将到期 with the days left, 已到期 with the days since (as tags), the days left of any
 * other active contract, nothing for a terminated one.
 */
function expiryShown(row: ResourceRow): Shown {
  const days = typeof row.remainingDays === 'number' ? row.remainingDays : null;
  if (days === null) return null;
  const expiry = row.expiry as ContractExpiry | null;
  if (expiry === 'expired') return { tag: `已到期 ${-days} 天`, tone: 'danger' };
  if (expiry === 'soon') return { tag: days === 0 ? '即将到期 · 今天到期' : `即将到期 · 剩余 ${days} 天`, tone: 'warning' };
  return <span className="contracts__days">剩余 {days} 天</span>;
}

export const SHOW: ShowFields = { expiry: expiryShown };

const EXPIRY_CHOICES: readonly { value: ContractExpiry | ''; label: string }[] = [{ value: '', label: '全部' }, ...CONTRACT_EXPIRY.map((o) => ({ value: o.value, label: o.label }))];

/**
 * 校企合作协议's hook (components/device-page.tsx): the open form carried across a change of device, and the quick
 * 到期提醒 switch (全部, 即将到期（60天内）, 已到期), the same filter as the search's, kept in the address.
 */
export function useContractsPage() {
  const { carry } = useFormCarry();
  const [list, setList] = useListState(CONTRACT_RESOURCE, true);
  const filter: ChoiceFilter = {
    label: '到期提醒筛选',
    options: EXPIRY_CHOICES,
    value: list.search.expiry ?? '',
    onChange: (value) => setList({ ...list, search: { ...list.search, expiry: value || undefined }, pageNo: 1 }),
  };
  return { carry, filter };
}

export type ContractsPage = ReturnType<typeof useContractsPage>;
