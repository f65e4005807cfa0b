import { Button, Space } from 'antd-mobile';
import { openOfficeFile } from './office-file-api.ts';
import { useOfficeFilePicker } from './office-file-picker.tsx';
import type { OfficeFileInputProps } from './office-file-input.tsx';
import './office-file.css';

/** A form's file on the phone (antd-mobile): 上传 at once, its name once uploaded, 查看 the saved one. */
export function OfficeFilePhoneInput({ value, onChange, label, uploadUrl, saved }: OfficeFileInputProps) {
  const { picker, choose, uploading, name } = useOfficeFilePicker(uploadUrl, label, onChange);
  return (
    <Space wrap align="center">
      {picker}
      <Button size="small" loading={uploading} onClick={choose}>
        {value ? '重新上传' : `上传${label}`}
      </Button>
      {value && <span className="office-file__name">{name ?? '已上传'}</span>}
      {saved && value === saved.id && (
        <Button size="small" fill="none" color="primary" onClick={() => void openOfficeFile(saved.url, saved.params).catch(() => undefined)}>
          查看
        </Button>
      )}
    </Space>
  );
}
