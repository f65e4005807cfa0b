import { useMemo, useState } from 'react';
import { Button, Dialog, Popup, SearchBar } from 'antd-mobile';
import { Link, NavLink } from 'react-router-dom';
import type { MenuItem } from '@contract/permissions.ts';
import { useSession } from '@/lib/session-store.ts';
import { externalUrl, type MenuSearchEntry } from './menu-tree.ts';
import type { LayoutProps } from './shell-props.ts';

function DrawerMenu({ items, onNavigate }: { items: MenuItem[]; onNavigate: () => void }) {
  return (
    <ul>
      {items.map((item) => {
        const url = externalUrl(item);
        return (
          <li key={item.id}>
            {url ? (
              <a href={url} target="_blank" rel="noreferrer">
                {item.meta.title}
              </a>
            ) : item.children?.length ? (
              <span className="phone-shell__group">{item.meta.title}</span>
            ) : (
              <NavLink to={item.path} onClick={onNavigate}>
                {item.meta.title}
              </NavLink>
            )}
            {item.children && item.children.length > 0 && <DrawerMenu items={item.children} onNavigate={onNavigate} />}
          </li>
        );
      })}
    </ul>
  );
}

/** The drawer's menu search: matching pages as a flat list, opened like the desktop search. */
function SearchResults({ entries, query, onNavigate }: { entries: MenuSearchEntry[]; query: string; onNavigate: () => void }) {
  const matches = useMemo(() => entries.filter((e) => e.title.includes(query.trim())), [entries, query]);
  if (matches.length === 0) return <p className="phone-shell__empty">没有匹配的菜单</p>;
  return (
    <ul>
      {matches.map((entry) => (
        <li key={entry.key}>
          {entry.url ? (
            <a href={entry.url} target="_blank" rel="noreferrer">
              {entry.title}
            </a>
          ) : (
            <NavLink to={entry.path} onClick={onNavigate}>
              {entry.title}
            </NavLink>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The phone's drawer: the user, the menu with its search, the account actions and 注销. Loaded when
 * the menu is first opened (antd-mobile's popup, search and dialog are most of the phone shell's
 * weight), then kept mounted so it opens and closes with its animation.
 */
export default function PhoneDrawer({
  open,
  onClose,
  menu,
  searchEntries,
  homePath,
  onLogout,
  userMenu,
}: Pick<LayoutProps, 'menu' | 'searchEntries' | 'homePath' | 'onLogout' | 'userMenu'> & { open: boolean; onClose: () => void }) {
  const { userInfo } = useSession();
  const [query, setQuery] = useState('');
  const confirmLogout = async () => {
    onClose();
    if (await Dialog.confirm({ title: '提示', content: '真的要注销登录吗 ?', confirmText: '确定', cancelText: '取消' })) onLogout();
  };
  return (
    <Popup visible={open} position="right" onMaskClick={onClose} bodyClassName="phone-shell__drawer">
      <div className="phone-shell__user">
        <Link to={homePath} onClick={onClose} className="phone-shell__name">
          {userInfo?.realname}
        </Link>
        <span className="phone-shell__unit">{userInfo?.orgCodeTxt}</span>
      </div>
      <SearchBar className="phone-shell__search" placeholder="搜索菜单" value={query} onChange={setQuery} aria-label="搜索菜单" />
      <nav aria-label="主菜单" className="phone-shell__nav">
        {query.trim() ? <SearchResults entries={searchEntries} query={query} onNavigate={onClose} /> : <DrawerMenu items={menu} onNavigate={onClose} />}
      </nav>
      {userMenu}
      <div className="phone-shell__actions">
        <Button block onClick={confirmLogout}>
          注销
        </Button>
      </div>
    </Popup>
  );
}
