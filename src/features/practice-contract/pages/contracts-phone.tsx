import { CapsuleTabs, Tag } from 'antd-mobile';
import { CONTRACT_DEFAULTS, CONTRACT_RESOURCE, type ContractExpiry } from '@contract/practice-contract.ts';
import type { FormCarry } from '@/components/resource/form-carry.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { ResourcePhoneList } from '@/components/resource/resource-phone.tsx';
import { MOBILE_TAG_COLORS } from '@/components/tone-colors.ts';
import { ContractFilesPhone } from '../components/contract-files-phone.tsx';
import { EXPIRY_CHOICES, expiryShown, useExpiryFilter } from '../contract-parts.ts';
import './contracts.css';

/** 到期提醒 in a contract's form: the days left, tagged when 即将到期 or 已到期. */
function ExpiryLine({ row }: { row: ResourceRow }) {
  const shown = expiryShown(row);
  if (!shown) return null;
  return (
    <div className="contracts-phone__expiry">
      到期提醒：{shown.tone ? <Tag color={MOBILE_TAG_COLORS[shown.tone]}>{shown.text}</Tag> : shown.text}
    </div>
  );
}

/** 校企合作协议 on the phone (antd-mobile only): the generic list with the 到期提醒 tabs; a contract's form shows its files. */
export default function ContractsPhone({ carry }: { carry: FormCarry }) {
  const [expiry, setExpiry] = useExpiryFilter();
  return (
    <ResourcePhoneList
      resource={CONTRACT_RESOURCE}
      carry={carry}
      initialValues={CONTRACT_DEFAULTS}
      header={
        <CapsuleTabs activeKey={expiry || 'all'} onChange={(key) => setExpiry(key === 'all' ? '' : (key as ContractExpiry))} className="contracts-phone__tabs">
          {EXPIRY_CHOICES.map((c) => (
            <CapsuleTabs.Tab key={c.value || 'all'} title={c.label} />
          ))}
        </CapsuleTabs>
      }
      rowActions={(row) => (
        <>
          <ExpiryLine row={row} />
          <ContractFilesPhone contractId={row.id} />
        </>
      )}
    />
  );
}
