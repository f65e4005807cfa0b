import { useEffect, useMemo, useState } from 'react';
import { Select, Spin } from 'antd';
import type { AnnouncementUserOption } from '@contract/announcement.ts';
import { useUserOptions } from '../api/get-user-options.ts';
import { userLabel } from '../utils/announcement-form.ts';

const SEARCH_PAUSE_MS = 300;

/** The recipients of 指定用户: a multiple select searching the server as one types; chosen users keep their names. */
export function UserChooser({ id, value, onChange, known }: { id?: string; value?: string[]; onChange?: (ids: string[]) => void; known: readonly AnnouncementUserOption[] }) {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  const [seen, setSeen] = useState<Map<string, AnnouncementUserOption>>(() => new Map(known.map((u) => [u.id, u])));
  const options = useUserOptions(keyword, open);

  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  /** Chosen users are remembered with their names, so a tag keeps its name after the next search. */
  const choose = (ids: string[]) => {
    const fresh = (options.data ?? []).filter((u) => ids.includes(u.id) && !seen.has(u.id));
    if (fresh.length) setSeen(new Map([...seen, ...fresh.map((u) => [u.id, u] as const)]));
    onChange?.(ids);
  };

  const choices = useMemo(() => {
    const shown = new Map((options.data ?? []).map((u) => [u.id, u]));
    for (const chosen of value ?? []) {
      const user = seen.get(chosen);
      if (user && !shown.has(chosen)) shown.set(chosen, user);
    }
    return [...shown.values()].map((u) => ({ value: u.id, label: userLabel(u) }));
  }, [options.data, seen, value]);

  return (
    <Select<string[]>
      id={id}
      mode="multiple"
      value={value}
      onChange={choose}
      onOpenChange={setOpen}
      showSearch={{ filterOption: false, onSearch: setTyped, autoClearSearchValue: false }}
      options={choices}
      placeholder="输入账号或姓名搜索用户"
      notFoundContent={options.isFetching ? <Spin size="small" /> : '没有找到用户'}
      loading={options.isFetching}
      maxTagCount={20}
      allowClear
    />
  );
}
