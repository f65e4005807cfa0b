import { useState } from 'react';
import type { AddressBookRow } from '@contract/addressbook.ts';
import { usePagedList, usePaging } from '@/components/list/list-data.ts';
import type { DeclaredList, ListColumn } from '@/components/list/list-declaration.ts';
import type { Device } from '@/hooks/use-device.ts';
import { addressBookInfiniteQuery, addressBookQuery } from '../api/get-address-book.ts';
import './address-book.css';

/** 通讯录 declared once (no UI library here): a number calls and an address writes with one tap. */

const link = (href: string, text: string, label?: string) => (
  <a href={href} aria-label={label}>
    {text}
  </a>
);

const COLUMNS: readonly ListColumn<AddressBookRow>[] = [
  {
    key: 'realname',
    label: '姓名',
    width: 120,
    ellipsis: true,
    phone: 'title',
    phoneShow: (row) => (
      <>
        {row.realname}
        {row.workNo && <span className="address-book__work-no">{row.workNo}</span>}
      </>
    ),
  },
  { key: 'username', label: '账号', width: 130, ellipsis: true },
  { key: 'workNo', label: '工号', width: 130 },
  { key: 'departNames', label: '部门', ellipsis: true, phone: 'bare', phoneShow: (row) => [row.departNames || '未分配部门', row.post].filter(Boolean).join(' · ') },
  { key: 'post', label: '职务', width: 130, ellipsis: true },
  {
    key: 'phone',
    label: '手机',
    width: 130,
    show: (row) => row.phone && link(`tel:${row.phone}`, row.phone),
    phoneShow: (row) => row.phone && link(`tel:${row.phone}`, `手机 ${row.phone}`, `拨打${row.realname}的手机 ${row.phone}`),
    phone: 'bare',
  },
  {
    key: 'email',
    label: '邮箱',
    ellipsis: true,
    show: (row) => row.email && link(`mailto:${row.email}`, row.email),
    phoneShow: (row) => row.email && link(`mailto:${row.email}`, row.email, `给${row.realname}发邮件 ${row.email}`),
    phone: 'bare',
  },
  {
    key: 'telephone',
    label: '座机',
    width: 140,
    phoneShow: (row) => row.telephone && link(`tel:${row.telephone}`, `座机 ${row.telephone}`, `拨打${row.realname}的座机 ${row.telephone}`),
    phone: 'bare',
  },
];

/** 通讯录's hook (components/device-page.tsx): the department chosen (on the desktop's tree), the keyword and the page. */
export function useAddressBookPage(device: Device) {
  const [departId, setDepartId] = useState<string | undefined>();
  const [keyword, setKeyword] = useState('');
  const paging = usePaging();
  const filter = { departId, keyword };
  const data = usePagedList({ page: (page) => addressBookQuery({ ...filter, ...page }), scroll: () => addressBookInfiniteQuery(filter) }, device, paging);
  const list: DeclaredList<AddressBookRow> = {
    title: '通讯录',
    rowsLabel: '联系人列表',
    rowKey: (row) => row.id,
    columns: COLUMNS,
    empty: '暂无联系人',
    unmatched: '没有符合条件的联系人',
    search: {
      label: '搜索联系人',
      placeholder: '姓名、账号、工号或手机号',
      value: keyword,
      onSearch: (text) => {
        setKeyword(text);
        paging.first();
      },
    },
    scrollX: 'max-content',
    data,
  };
  const chooseDepart = (id: string | undefined) => {
    setDepartId(id);
    paging.first();
  };
  return { list, departId, chooseDepart };
}

export type AddressBookPage = ReturnType<typeof useAddressBookPage>;
