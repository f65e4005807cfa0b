import { useMemo, useState } from 'react';
import { Button, Card, Empty, Input, Spin, Table, Tree, type TableColumnsType } from 'antd';
import type { AddressBookDepartNode, AddressBookRow } from '@contract/addressbook.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { PAGER_ICONS } from '@/components/pager-icons.tsx';
import { useAddressBookDeparts } from '../api/get-address-book-departs.ts';
import { useAddressBookPage } from '../api/get-address-book.ts';
import './address-book.css';

const blank = <span className="address-book__blank">—</span>;
const text = (value: string | null) => (value ? value : blank);

const columns: TableColumnsType<AddressBookRow> = [
  { key: 'realname', dataIndex: 'realname', title: '姓名', width: 120, ellipsis: true },
  { key: 'username', dataIndex: 'username', title: '账号', width: 130, ellipsis: true },
  { key: 'workNo', dataIndex: 'workNo', title: '工号', width: 130, render: text },
  { key: 'departNames', dataIndex: 'departNames', title: '部门', ellipsis: true, render: text },
  { key: 'post', dataIndex: 'post', title: '职务', width: 130, ellipsis: true, render: text },
  { key: 'phone', dataIndex: 'phone', title: '手机', width: 130, render: (value: string | null) => (value ? <a href={`tel:${value}`}>{value}</a> : blank) },
  { key: 'email', dataIndex: 'email', title: '邮箱', ellipsis: true, render: (value: string | null) => (value ? <a href={`mailto:${value}`}>{value}</a> : blank) },
  { key: 'telephone', dataIndex: 'telephone', title: '座机', width: 140, render: text },
];

const titleOf = (nodes: readonly AddressBookDepartNode[], key: string): string | undefined => {
  for (const node of nodes) {
    const found = node.key === key ? node.title : titleOf(node.children, key);
    if (found) return found;
  }
  return undefined;
};

/** 通讯录 on desktop and tablet: the department tree on the left, the contacts with a search on the right. */
export default function AddressBookDesktop() {
  const departs = useAddressBookDeparts();
  const [departId, setDepartId] = useState<string | undefined>();
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const contacts = useAddressBookPage({ departId, keyword, ...paging });
  const nodes = useMemo(() => departs.data ?? [], [departs.data]);
  const departName = departId ? titleOf(nodes, departId) : undefined;

  const choose = (id: string | undefined) => {
    setDepartId(id);
    setPaging((p) => ({ ...p, pageNo: 1 }));
  };

  return (
    <AntdProvider>
      <div className="address-book">
        <Card className="address-book__departs" variant="borderless" title="部门" extra={departId && <Button type="link" size="small" onClick={() => choose(undefined)}>全部</Button>}>
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
              onSelect={(keys) => choose(keys.length > 0 ? String(keys[0]) : undefined)}
            />
          )}
        </Card>
        <Card className="address-book__contacts" variant="borderless" title={departName ? `${departName}（含下级部门）` : '全部联系人'}>
          <div className="address-book__search">
            <Input.Search
              allowClear
              placeholder="姓名、账号、工号或手机号"
              aria-label="搜索联系人"
              enterButton="查询"
              onSearch={(value) => {
                setKeyword(value);
                setPaging((p) => ({ ...p, pageNo: 1 }));
              }}
              style={{ maxWidth: 360 }}
            />
          </div>
          <Table<AddressBookRow>
            rowKey="id"
            aria-label="联系人列表"
            columns={columns}
            dataSource={contacts.data?.records ?? []}
            loading={contacts.isFetching}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: contacts.isError ? '加载失败，请稍后重试' : keyword ? '没有符合条件的联系人' : '暂无联系人' }}
            onChange={(pagination) => setPaging({ pageNo: pagination.current ?? 1, pageSize: pagination.pageSize ?? 10 })}
            pagination={{
              ...PAGER_ICONS,
              current: paging.pageNo,
              pageSize: paging.pageSize,
              total: contacts.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50, 100],
              showTotal: (total, [from, to]) => `${from}-${to} 共 ${total} 条`,
            }}
          />
        </Card>
      </div>
    </AntdProvider>
  );
}
