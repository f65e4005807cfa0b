import { SearchOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { MenuSearchEntry } from './menu-tree.ts';

/** Opens a search result: external and iframe items in a new browser tab, pages in the app. */
export function useOpenSearchEntry() {
  const navigate = useNavigate();
  return (entry: MenuSearchEntry) => {
    if (entry.url) window.open(entry.url, '_blank', 'noopener');
    else navigate(entry.path);
  };
}

/** The header's menu search (desktop and tablet): a select over the visible menu pages by title. */
export function MenuSearch({ entries }: { entries: MenuSearchEntry[] }) {
  const open = useOpenSearchEntry();
  return (
    <Select
      className="desktop-shell__search"
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      value={null}
      placeholder="搜索菜单"
      aria-label="搜索菜单"
      notFoundContent="没有匹配的菜单"
      suffixIcon={<SearchOutlined />}
      options={entries.map((e) => ({ value: e.key, label: e.title }))}
      onChange={(key: string | null) => {
        const entry = entries.find((e) => e.key === key);
        if (entry) open(entry);
      }}
    />
  );
}
