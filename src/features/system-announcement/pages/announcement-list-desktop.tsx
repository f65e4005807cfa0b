import { ANNOUNCEMENT_RESOURCE } from '@contract/announcement.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { ResourceTable } from '@/components/resource/resource-table.tsx';
import { AnnouncementDetailModal } from '../components/announcement-detail-modal.tsx';
import { AnnouncementFormModal } from '../components/announcement-form-modal.tsx';
import { SHOW, draft, type AnnouncementListPage } from './announcement-list.tsx';

/** 系统通告 on desktop and tablet: the generic table with the announcement's own editor, 发布/撤销 and 查看. */
export default function AnnouncementListDesktop({ actions, viewing, closeViewing }: AnnouncementListPage) {
  return (
    <AntdProvider>
      <ResourceTable
        resource={ANNOUNCEMENT_RESOURCE}
        show={SHOW}
        actions={actions}
        editable={draft}
        removable={draft}
        renderForm={(editing, close) => <AnnouncementFormModal editing={editing} onClose={close} />}
        actionsWidth={230}
      />
      <AnnouncementDetailModal id={viewing} onClose={closeViewing} />
    </AntdProvider>
  );
}
