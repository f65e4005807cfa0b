import { UploadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { openOfficeFile } from './office-file-api.ts';
import { useOfficeFilePicker } from './office-file-picker.tsx';
import './office-file.css';

export interface OfficeFileInputProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** What the file is (三方协议, 考察报告…). */
  label: string;
  uploadUrl: string;
  /** The saved record's file (its id, and where it is read): 查看 while the form still names it. */
  saved?: { id: string; url: string; params: Record<string, string> } | null;
}

/** A form's file (PDF or image): 上传 at once, its name once uploaded, 查看 the saved one. */
export function OfficeFileInput({ value, onChange, label, uploadUrl, saved }: OfficeFileInputProps) {
  const { picker, choose, uploading, name } = useOfficeFilePicker(uploadUrl, label, onChange);
  return (
    <Space wrap>
      {picker}
      <Button icon={<UploadOutlined />} loading={uploading} onClick={choose}>
        {value ? '重新上传' : `上传${label}`}
      </Button>
      {value && <span className="office-file__name">{name ?? '已上传'}</span>}
      {saved && value === saved.id && (
        <Button type="link" size="small" onClick={() => void openOfficeFile(saved.url, saved.params).catch(() => undefined)}>
          查看
        </Button>
      )}
    </Space>
  );
}
