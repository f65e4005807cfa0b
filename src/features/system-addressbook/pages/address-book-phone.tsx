import { ListPhone } from '@/components/list/list-phone.tsx';
import type { AddressBookPage } from './address-book.tsx';

/** 通讯录 on the phone (antd-mobile only): contacts with search, tap a number to call or an address to write. */
export default function AddressBookPhone({ list }: AddressBookPage) {
  return <ListPhone list={list} />;
}
