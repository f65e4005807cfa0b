import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AddressBookDepartNode } from '@contract/addressbook.ts';
import { http } from '@/lib/api-client.ts';

/** The department tree of the address book (system:addressbook:list, not the user administration's code). */
export const getAddressBookDeparts = () => http.get<AddressBookDepartNode[]>('/sys/addressbook/departTree');

export const addressBookDepartsQuery = () => queryOptions({ queryKey: ['system', 'addressbook', 'departs'], queryFn: getAddressBookDeparts });

export const useAddressBookDeparts = () => useQuery(addressBookDepartsQuery());
