import { useMemo } from 'react';
import { Button, Card, Empty, Spin, Tree } from 'antd';
import type { AddressBookDepartNode } from '@contract/addressbook.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { KeywordInput, ListTable } from '@/components/list/list-desktop.tsx';
import { useAddressBookDeparts } from '../api/get-address-book-departs.ts';
import type { AddressBookPage } from './address-book.tsx';

const titleOf = (nodes: readonly AddressBookDepartNode[], key: string): string | undefined => {
  for (const node of nodes) {
    const found = node.key === key ? node.title : titleOf(node.children, key);
    if (found) return found;
  }
  return undefined;
};

/** 通讯录 on desktop and tablet: the department tree on the left, the contacts with a search on the right. */
export default function AddressBookDesktop({ list, departId, chooseDepart }: AddressBookPage) {
  const departs = useAddressBookDeparts();
  const nodes = useMemo(() => departs.data ?? [], [departs.data]);
  const departName = departId ? titleOf(nodes, departId) : undefined;
  return (
    <AntdProvider>
      <div className="address-book">
        <Card className="address-book__departs" variant="borderless" title="部门" extra={departId && <Button type="link" size="small" onClick={() => chooseDepart(undefined)}>全部</Button>}>
          {departs.isPending ? (
            <Spin />
          ) : departs.isError ? (
            <Empty description="部门加载失败" />
          ) : nodes.length === 0 ? (
            <Empty description="暂无部门" />
          ) : (
            <Tree<AddressBookDepartNode>
              aria-label="部门树"
              treeData={nodes}
              defaultExpandAll
              blockNode
              selectedKeys={departId ? [departId] : []}
              onSelect={(keys) => chooseDepart(keys.length > 0 ? String(keys[0]) : undefined)}
            />
          )}
        </Card>
        <Card className="address-book__contacts" variant="borderless" title={departName ? `${departName}（含下级部门）` : '全部联系人'}>
          <div className="address-book__search">{list.search && <KeywordInput search={list.search} />}</div>
          <ListTable list={list} />
        </Card>
      </div>
    </AntdProvider>
  );
}
