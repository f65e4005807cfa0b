import { markStorageNoteRead, storageNoteText, storageRisk, useStorageNoteOn } from './pwa/persist-storage.ts';
import './storage-note.css';

/**
 * Beside the sync state of the student's records: the browser may clear what is kept on the device
 * (it refused persistent storage, or it is WebKit outside the home screen), in the page's words (what: 周记, 请假). Said once, on the first record page
 * that says it, until 知道了; plain elements, for both layouts.
 */
export function StorageNote({ what }: { what: string }) {
  const on = useStorageNoteOn(what);
  const risk = storageRisk();
  if (!on || !risk) return null;
  return (
    <aside className="storage-note" aria-label="离线保存提示">
      <p className="storage-note__text">{storageNoteText(what, risk)}</p>
      <button type="button" className="storage-note__ok" onClick={markStorageNoteRead}>
        知道了
      </button>
    </aside>
  );
}
