import { useState } from 'react';
import { Button, Popconfirm } from 'antd';
import { ANNOUNCEMENT_RESOURCE } from '@contract/announcement.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { ResourceTable } from '@/components/resource/resource-table.tsx';
import { AnnouncementDetailModal } from '../components/announcement-detail-modal.tsx';
import { AnnouncementFormModal } from '../components/announcement-form-modal.tsx';
import { PriorityBadge } from '../components/priority-badge.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { useAnnouncementActions } from '../hooks/use-announcement-actions.ts';
import { isPublished, sendStatusOf } from '../utils/announcement-form.ts';

const renderCell = {
  priority: (value: unknown) => <PriorityBadge priority={value} />,
  sendStatus: (_value: unknown, row: ResourceRow) => <StatusBadge status={sendStatusOf(row)} />,
};

/** 系统通告 on desktop and tablet: the generic table with the announcement's own editor, 发布/撤销 and 查看. */
export default function AnnouncementListDesktop() {
  const actions = useAnnouncementActions();
  const [viewing, setViewing] = useState<string | null>(null);

  const rowActions = (row: ResourceRow) => {
    const busy = actions.busyId === row.id;
    return (
      <>
        {actions.canRelease &&
          (isPublished(row) ? (
            <Popconfirm title="确定撤销该通告吗?" description="撤销后接收人将看不到这条通告" okText="确定" cancelText="取消" onConfirm={() => actions.revoke(row)}>
              <Button type="link" size="small" loading={busy}>
                撤销
              </Button>
            </Popconfirm>
          ) : (
            <Popconfirm title="确定发布该通告吗?" okText="确定" cancelText="取消" onConfirm={() => actions.release(row)}>
              <Button type="link" size="small" loading={busy}>
                发布
              </Button>
            </Popconfirm>
          ))}
        <Button type="link" size="small" onClick={() => setViewing(row.id)}>
          查看
        </Button>
      </>
    );
  };

  return (
    <>
      <ResourceTable
        resource={ANNOUNCEMENT_RESOURCE}
        renderCell={renderCell}
        rowActions={rowActions}
        editable={(row) => !isPublished(row)}
        removable={(row) => !isPublished(row)}
        renderForm={(editing, close) => <AnnouncementFormModal editing={editing} onClose={close} />}
        actionsWidth={230}
      />
      <AntdProvider>
        <AnnouncementDetailModal id={viewing} onClose={() => setViewing(null)} />
      </AntdProvider>
    </>
  );
}
