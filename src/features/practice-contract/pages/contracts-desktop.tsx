import { CONTRACT_DEFAULTS, CONTRACT_RESOURCE } from '@contract/practice-contract.ts';
import { ResourceTable } from '@/components/resource/resource-table.tsx';
import { ContractFilesDesktop } from '../components/contract-files-desktop.tsx';
import { SHOW, type ContractsPage } from '../contract-parts.tsx';

/** 校企合作协议 on desktop and tablet: the generic table with the 到期提醒 switch, and each contract's files in its 详情. */
export default function ContractsDesktop({ carry, filter }: ContractsPage) {
  return (
    <ResourceTable
      resource={CONTRACT_RESOURCE}
      carry={carry}
      filter={filter}
      initialValues={CONTRACT_DEFAULTS}
      show={SHOW}
      formWidth={640}
      actionsWidth={170}
      detail={(row) => <ContractFilesDesktop contractId={row.id} />}
    />
  );
}
