import { ANNOUNCEMENT_RESOURCE } from '@contract/announcement.ts';
import { PhoneNavBar } from '@/components/phone-nav-bar/phone-nav-bar.tsx';
import { QueryStatePhone } from '@/components/query-state/query-state-phone.tsx';
import { ResourcePhoneList } from '@/components/resource/resource-phone.tsx';
import { Popup } from '@/components/sheet/popup.tsx';
import { useAnnouncementDetail } from '../api/get-announcement-detail.ts';
import { AnnouncementFormPhone } from '../components/announcement-form-phone.tsx';
import { AnnouncementView } from '../components/announcement-view.tsx';
import { SHOW, draft, type AnnouncementListPage } from './announcement-list.tsx';
import '../components/system-announcement.css';

/** 查看 on the phone: the announcement in a full-screen sheet. */
function DetailSheet({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useAnnouncementDetail(id);
  const title = detail.data?.titile ?? '通告详情';
  return (
    <Popup visible={id !== null} onMaskClick={onClose} position="right" destroyOnClose bodyClassName="annt-phone__sheet">
      <div role="dialog" aria-modal="true" aria-label={title} className="annt-phone__dialog">
        <PhoneNavBar onBack={onClose}>通告详情</PhoneNavBar>
        <div className="annt-phone__body">
          {id && (
            <QueryStatePhone query={detail} what="通告">
              {(data) => (
                <div className="annt-phone__view">
                  <h2>{data.titile}</h2>
                  <AnnouncementView detail={data} />
                </div>
              )}
            </QueryStatePhone>
          )}
        </div>
      </div>
    </Popup>
  );
}

/** 系统通告 on the phone (antd-mobile only): search, the status tabs, the list; a tap offers the row's actions in a sheet. */
export default function AnnouncementListPhone({ actions, statusTabs, viewing, closeViewing }: AnnouncementListPage) {
  return (
    <>
      <ResourcePhoneList
        resource={ANNOUNCEMENT_RESOURCE}
        show={SHOW}
        actions={actions}
        phoneActions="sheet"
        filter={statusTabs}
        editable={draft}
        removable={draft}
        renderForm={(editing, close) => <AnnouncementFormPhone editing={editing} onClose={close} />}
        empty={{ title: '暂无通告', unmatched: '没有符合条件的通告' }}
      />
      <DetailSheet id={viewing} onClose={closeViewing} />
    </>
  );
}
