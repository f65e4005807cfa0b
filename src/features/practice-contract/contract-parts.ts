import { CONTRACT_EXPIRY, CONTRACT_RESOURCE, type ContractExpiry } from '@contract/practice-contract.ts';
import type { Tone } from '@/components/tone-colors.ts';
import { useListState } from '@/components/resource/list-state.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';

/** 校企合作协议's pieces shared by the desktop and phone layouts (no UI library here). */

export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * What a row's 到期提醒 says: 即将到期 with the days left, 已到期 with the days since, the days left of any other
 * active contract (no tag), nothing for a terminated one.
 */
export function expiryShown(row: ResourceRow): { text: string; tone: Tone | null } | null {
  const days = typeof row.remainingDays === 'number' ? row.remainingDays : null;
  if (days === null) return null;
  const expiry = row.expiry as ContractExpiry | null;
  if (expiry === 'expired') return { text: `已到期 ${-days} 天`, tone: 'danger' };
  if (expiry === 'soon') return { text: days === 0 ? '即将到期 · 今天到期' : `即将到期 · 剩余 ${days} 天`, tone: 'warning' };
  return { text: `剩余 ${days} 天`, tone: null };
}

export const EXPIRY_CHOICES: readonly { value: ContractExpiry | ''; label: string }[] = [{ value: '', label: '全部' }, ...CONTRACT_EXPIRY.map((o) => ({ value: o.value, label: o.label }))];

/** The list's 到期提醒 filter as the address holds it (the same state the list reads), to set from a quick switch. */
export function useExpiryFilter(): [ContractExpiry | '', (value: ContractExpiry | '') => void] {
  const [list, setList] = useListState(CONTRACT_RESOURCE, true);
  const value = (list.search.expiry ?? '') as ContractExpiry | '';
  const set = (next: ContractExpiry | '') => setList({ ...list, search: { ...list.search, expiry: next || undefined }, pageNo: 1 });
  return [value, set];
}
