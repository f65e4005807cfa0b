import { Segmented, Tag } from 'antd';
import { CONTRACT_DEFAULTS, CONTRACT_RESOURCE, type ContractExpiry } from '@contract/practice-contract.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import type { FormCarry } from '@/components/resource/form-carry.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { ResourceTable } from '@/components/resource/resource-table.tsx';
import { ANTD_TAG_COLORS } from '@/components/tone-colors.ts';
import { ContractFilesDesktop } from '../components/contract-files-desktop.tsx';
import { EXPIRY_CHOICES, expiryShown, useExpiryFilter } from '../contract-parts.ts';
import './contracts.css';

/** 到期提醒: a tag for 即将到期 and 已到期, the days left of any other active contract. */
function ExpiryCell({ row }: { row: ResourceRow }) {
  const shown = expiryShown(row);
  if (!shown) return <span className="resource__blank">—</span>;
  return shown.tone ? <Tag color={ANTD_TAG_COLORS[shown.tone]}>{shown.text}</Tag> : <span className="contracts__days">{shown.text}</span>;
}

const renderCell = { expiry: (_value: unknown, row: ResourceRow) => <ExpiryCell row={row} /> };

/** The quick switch above the table: 全部, 即将到期（60天内）, 已到期 (the same filter as the search's 到期提醒). */
function ExpirySwitch() {
  const [value, setValue] = useExpiryFilter();
  return (
    <div className="contracts__switch">
      <Segmented<ContractExpiry | ''> aria-label="到期提醒筛选" value={value} onChange={setValue} options={EXPIRY_CHOICES.map((c) => ({ value: c.value, label: c.label }))} />
    </div>
  );
}

/** 校企合作协议 on desktop and tablet: the generic table with the 到期提醒 switch, and each contract's files in its 详情. */
export default function ContractsDesktop({ carry }: { carry: FormCarry }) {
  return (
    <AntdProvider>
      <ResourceTable
        resource={CONTRACT_RESOURCE}
        carry={carry}
        header={<ExpirySwitch />}
        initialValues={CONTRACT_DEFAULTS}
        renderCell={renderCell}
        formWidth={640}
        actionsWidth={170}
        detail={(row) => <ContractFilesDesktop contractId={row.id} />}
      />
    </AntdProvider>
  );
}
