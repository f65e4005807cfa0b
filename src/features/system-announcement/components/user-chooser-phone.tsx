import { useState } from 'react';
import { Button, CheckList, DotLoading, ErrorBlock, SearchBar, Tag } from 'antd-mobile';
import { Popup } from '@/components/sheet/popup.tsx';
import type { AnnouncementUserOption } from '@contract/announcement.ts';
import { useUserOptions } from '../api/get-user-options.ts';
import { userLabel } from '../utils/announcement-form.ts';
import './system-announcement.css';

/** The recipients of 指定用户 on the phone: the chosen users as tags, and a sheet that searches the server. */
export function UserChooserPhone({ value, onChange, known }: { value?: string[]; onChange?: (ids: string[]) => void; known: readonly AnnouncementUserOption[] }) {
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const options = useUserOptions(keyword, open);
  const [seen, setSeen] = useState<Map<string, AnnouncementUserOption>>(() => new Map(known.map((u) => [u.id, u])));
  /** Chosen users are remembered with their names, so a tag keeps its name after the next search. */
  const choose = (ids: string[]) => {
    const fresh = (options.data ?? []).filter((u) => ids.includes(u.id) && !seen.has(u.id));
    if (fresh.length) setSeen(new Map([...seen, ...fresh.map((u) => [u.id, u] as const)]));
    onChange?.(ids);
  };
  const chosen = value ?? [];

  return (
    <>
      <div className="annt-phone__chosen">
        {chosen.map((id) => {
          const user = seen.get(id);
          return (
            <Tag key={id} color="primary" fill="outline">
              {user ? userLabel(user) : id}
            </Tag>
          );
        })}
        <Button size="mini" color="primary" fill="outline" onClick={() => setOpen(true)}>
          {chosen.length ? `选择用户（已选${chosen.length}人）` : '选择用户'}
        </Button>
      </div>
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyClassName="annt-picker">
        <div role="dialog" aria-modal="true" aria-label="选择用户" className="annt-picker__dialog">
          <div className="annt-picker__pad">
            <SearchBar placeholder="输入账号或姓名搜索" onSearch={(v) => setKeyword(v.trim())} onClear={() => setKeyword('')} aria-label="搜索用户" />
          </div>
          <div className="annt-picker__list">
            {options.isPending ? (
              <div className="annt-phone__loading" role="status">
                加载中
                <DotLoading />
              </div>
            ) : !options.data?.length ? (
              <ErrorBlock status="empty" title="没有找到用户" description="" />
            ) : (
              <CheckList multiple value={chosen} onChange={(ids) => choose(ids.map(String))}>
                {options.data.map((u) => (
                  <CheckList.Item key={u.id} value={u.id}>
                    {userLabel(u)}
                  </CheckList.Item>
                ))}
              </CheckList>
            )}
          </div>
          <div className="annt-picker__pad">
            <Button block color="primary" onClick={() => setOpen(false)}>
              完成
            </Button>
          </div>
        </div>
      </Popup>
    </>
  );
}
