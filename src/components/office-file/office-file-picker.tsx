import { useRef } from 'react';
import { useOfficeUpload } from './office-file-api.ts';

/** The types an office file may be (the server sniffs the bytes again). */
const ACCEPT = 'application/pdf,image/jpeg,image/png,image/gif,image/webp';

/**
 * What both layouts' file inputs share (no UI library here): a hidden file chooser that uploads the chosen file at
 * once and hands its id on, the call that opens it, and the upload's state.
 */
export function useOfficeFilePicker(uploadUrl: string, label: string, onChange?: (id: string | null) => void) {
  const input = useRef<HTMLInputElement>(null);
  const { uploading, name, upload } = useOfficeUpload(uploadUrl, (id) => onChange?.(id));
  const picker = (
    <input
      ref={input}
      type="file"
      accept={ACCEPT}
      style={{ display: 'none' }}
      aria-label={`选择${label}文件`}
      onChange={(e) => {
        const file = e.target.files?.[0];
        // The same file may be chosen again.
        e.target.value = '';
        if (file) void upload(file);
      }}
    />
  );
  return { picker, choose: () => input.current?.click(), uploading, name };
}
