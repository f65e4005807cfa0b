import { useState } from 'react';
import { List, SearchBar } from 'antd-mobile';
import type { AddressBookRow } from '@contract/addressbook.ts';
import { PhoneInfiniteList } from '@/components/phone-list/phone-infinite-list.tsx';
import { useAddressBookInfinite } from '../api/get-address-book.ts';
import './address-book.css';

function Contact({ row }: { row: AddressBookRow }) {
  const meta = [row.departNames || '未分配部门', row.post].filter(Boolean).join(' · ');
  const links = [
    row.phone && { href: `tel:${row.phone}`, text: `手机 ${row.phone}`, label: `拨打${row.realname}的手机 ${row.phone}` },
    row.telephone && { href: `tel:${row.telephone}`, text: `座机 ${row.telephone}`, label: `拨打${row.realname}的座机 ${row.telephone}` },
    row.email && { href: `mailto:${row.email}`, text: row.email, label: `给${row.realname}发邮件 ${row.email}` },
  ].filter((link): link is { href: string; text: string; label: string } => Boolean(link));
  return (
    <List.Item
      description={
        <>
          <span className="address-book-phone__meta">{meta}</span>
          {links.length > 0 && (
            <span className="address-book-phone__links">
              {links.map((link) => (
                <a key={link.href} href={link.href} aria-label={link.label}>
                  {link.text}
                </a>
              ))}
            </span>
          )}
        </>
      }
    >
      {row.realname}
      {row.workNo && <span className="address-book-phone__work-no">{row.workNo}</span>}
    </List.Item>
  );
}

/** 通讯录 on the phone (antd-mobile only): contacts with search, tap a number to call or an address to write. */
export default function AddressBookPhone() {
  const [keyword, setKeyword] = useState('');
  const contacts = useAddressBookInfinite({ keyword });
  const rows = contacts.data?.pages.flatMap((p) => p.records) ?? [];

  return (
    <div className="address-book-phone">
      <div className="address-book-phone__top">
        <SearchBar placeholder="姓名、账号、工号或手机号" onSearch={setKeyword} onClear={() => setKeyword('')} aria-label="搜索联系人" />
      </div>
      <PhoneInfiniteList query={contacts} empty={rows.length === 0} emptyTitle="暂无联系人" emptyDescription={keyword ? '没有符合条件的联系人' : ''}>
        <List aria-label="联系人列表">
          {rows.map((row) => (
            <Contact key={row.id} row={row} />
          ))}
        </List>
      </PhoneInfiniteList>
    </div>
  );
}
