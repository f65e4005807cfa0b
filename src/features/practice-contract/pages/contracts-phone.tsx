import { CONTRACT_DEFAULTS, CONTRACT_RESOURCE } from '@contract/practice-contract.ts';
import { isBlank } from '@/components/list/list-declaration.ts';
import { PhoneShown } from '@/components/list/list-phone.tsx';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { ResourcePhoneList } from '@/components/resource/resource-phone.tsx';
import { ContractFilesPhone } from '../components/contract-files-phone.tsx';
import { SHOW, type ContractsPage } from '../contract-parts.tsx';

/** A contract's form: its 到期提醒 (the form has no such field), then its files. */
function ContractExtra({ row }: { row: ResourceRow }) {
  const expiry = SHOW.expiry?.(row);
  return (
    <>
      {!isBlank(expiry) && (
        <div className="contracts-phone__expiry">
          到期提醒：<PhoneShown shown={expiry} />
        </div>
      )}
      <ContractFilesPhone contractId={row.id} />
    </>
  );
}

/** 校企合作协议 on the phone (antd-mobile only): the generic list with the 到期提醒 tabs; a contract's form shows its files. */
export default function ContractsPhone({ carry, filter }: ContractsPage) {
  return <ResourcePhoneList resource={CONTRACT_RESOURCE} carry={carry} filter={filter} initialValues={CONTRACT_DEFAULTS} show={SHOW} rowActions={(row) => <ContractExtra row={row} />} />;
}
