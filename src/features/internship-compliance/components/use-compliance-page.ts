import { COMPLIANCE_ITEMS, COMPLIANCE_ITEM_KEYS, COMPLIANCE_PERMISSIONS, type ComplianceList } from '@contract/compliance.ts';
import type { PageChoice } from '@/components/page-choices/page-choice.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { showFailure } from '@/components/notification/show-failure.ts';
import { useAddressParams } from '@/hooks/use-address-params.ts';
import type { Device } from '@/hooks/use-device.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { exportCompliance, useComplianceQuery, useComplianceRemind } from '../api/compliance-api.ts';

/** 共 120 名学生，38 名缺材料：三方协议 12，岗前培训 20，…. */
export function complianceSummary(data: ComplianceList | undefined): string {
  if (!data?.programId) return '';
  const parts = COMPLIANCE_ITEM_KEYS.filter((k) => data.byItem[k] > 0).map((k) => `${COMPLIANCE_ITEMS[k]} ${data.byItem[k]}`);
  return `共检查 ${data.checked} 名学生，${data.lacking} 名材料不全${parts.length ? `：${parts.join('，')}` : ''}`;
}

const PAGE_SIZES: Record<Device, number> = { desktop: 20, tablet: 20, phone: 50 };

/** The page's hook (components/device-page.tsx): the program and page in the address, the list, 导出 and 一键提醒. */
export function useCompliancePage(device: Device) {
  const [params, update] = useAddressParams();
  const programId = params.get('programId') ?? undefined;
  const all = params.get('all') === '1' ? '1' : undefined;
  const pageNo = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = PAGE_SIZES[device];
  const list = useComplianceQuery({ programId, all, pageNo, pageSize });
  const remind = useComplianceRemind();
  const canRemind = usePermission(COMPLIANCE_PERMISSIONS.remind);
  const data = list.data;
  const choices: PageChoice[] = [
    {
      id: 'compliance-program',
      label: '实习计划',
      placeholder: '请选择实习计划',
      options: data?.programs ?? [],
      value: data?.programId ?? undefined,
      onChange: (id) => id && update({ programId: id, page: undefined }),
      loading: list.isPending,
      width: 240,
    },
  ];
  return {
    state: {
      list,
      data,
      choices,
      summary: complianceSummary(data),
      pageSize,
      pages: Math.ceil((data?.total ?? 0) / pageSize),
      setPage: (page: number) => update({ page: page > 1 ? String(page) : undefined }),
      /** Every placement, or only those lacking something (the default). */
      showAll: all === '1',
      setShowAll: (value: boolean) => update({ all: value ? '1' : undefined, page: undefined }),
      canRemind,
      reminding: remind.isPending,
      remind: async () => {
        if (!data?.programId) return;
        try {
          const answer = await remind.mutateAsync(data.programId);
          notify.success(answer.message, { title: '一键提醒' });
        } catch (error) {
          showFailure(error);
        }
      },
      exportList: () => (data?.programId ? exportCompliance(data.programId).catch(() => undefined) : undefined),
    },
  };
}

export type CompliancePageState = ReturnType<typeof useCompliancePage>['state'];
