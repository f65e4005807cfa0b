import { useReducer, useState, type ReactNode } from 'react';
import { InboxOutlined } from '@ant-design/icons';
import { Button, Modal, Progress, Typography, Upload } from 'antd';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { downloadTemplate, fileHead, showImportOutcome, uploadImportFile } from './import-api.ts';
import { importError, importFieldError, importReducer, keptFile, uploadProgressText, type ImportState } from './import-rules.ts';
import './import-modal.css';

export const IMPORT_MODAL_WIDTH = 400;

export interface ImportModalProps {
  open: boolean;
  title: ReactNode;
  /** Where the file is posted (multipart, field files[]), relative to the API base URL. */
  url: string;
  /** Called to close it: on 取消, and after a successful import. */
  onClose: () => void;
  /** Called after a successful import (reload the list). */
  onImported?: () => void;
  /** Offers the empty template: GET exportUrl?exportType=empty, saved under the server's name (or fileName) with the extension its content calls for. */
  template?: { exportUrl: string; fileName: string };
}

const closedState = (open: boolean): ImportState => (open ? { phase: 'open', error: null } : { phase: 'closed' });

/**
 * The Excel import dialog (width 400, desktop only: load it lazily, see import-modal-lazy.tsx).
 * closed → file chosen → uploading → result; one .xls or .xlsx workbook; the outcome as SPEC.md section 8 says.
 */
export function ImportModal({ open, title, url, onClose, onImported, template }: ImportModalProps) {
  const [state, dispatch] = useReducer(importReducer<File>, open, closedState);
  const [shownOpen, setShownOpen] = useState(open);
  if (shownOpen !== open) {
    setShownOpen(open);
    dispatch({ type: open ? 'open' : 'close' });
  }
  const [templateLoading, setTemplateLoading] = useState(false);
  /** The percentage sent while uploading: thousands of rows take a while, first to send, then to check and save. */
  const [sent, setSent] = useState(0);
  const file = keptFile(state);
  const error = importFieldError(state);
  const uploading = state.phase === 'uploading';

  const submit = async () => {
    dispatch({ type: 'submit' });
    if (!file || uploading) return;
    setSent(0);
    const outcome = await uploadImportFile(url, file, setSent);
    dispatch({ type: 'finished', outcome: outcome ?? importError(null) });
    if (!outcome) return;
    showImportOutcome(outcome);
    if (outcome.kind === 'success') {
      onClose();
      onImported?.();
    }
  };

  const fetchTemplate = async () => {
    if (!template) return;
    setTemplateLoading(true);
    await downloadTemplate(template.exportUrl, template.fileName);
    setTemplateLoading(false);
  };

  return (
    <AntdProvider>
      <Modal
        title={title}
        width={IMPORT_MODAL_WIDTH}
        open={open}
        onOk={() => void submit()}
        onCancel={onClose}
        okText={uploading ? '上传中' : '开始上传'}
        cancelText="取消"
        confirmLoading={uploading}
        destroyOnHidden
        mask={{ closable: !uploading }}
      >
        <Upload.Dragger
          name="files[]"
          accept={{ format: '.xls,.xlsx', filter: 'native' }}
          multiple={false}
          disabled={uploading}
          fileList={file ? [{ uid: 'import-file', name: file.name, size: file.size, type: file.type, status: 'done' }] : []}
          beforeUpload={(chosen) => {
            // An unreadable file has no head, and is refused as no Excel file.
            void fileHead(chosen)
              .catch(() => new Uint8Array())
              .then((head) => dispatch({ type: 'choose', file: chosen, head }));
            return Upload.LIST_IGNORE;
          }}
          onRemove={() => {
            dispatch({ type: 'remove' });
            return true;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或将文件拖拽到此区域</p>
          <p className="ant-upload-hint">支持 .xls 和 .xlsx 格式，每次一个文件，不超过5MB</p>
        </Upload.Dragger>
        {uploading && (
          <div className="import-modal__progress" role="status">
            <Progress percent={sent} size="small" status="active" showInfo={false} />
            <Typography.Text type="secondary">{uploadProgressText(sent)}</Typography.Text>
          </div>
        )}
        {error && (
          <Typography.Text type="danger" role="alert" className="import-modal__error">
            {error}
          </Typography.Text>
        )}
        {template && (
          <Button type="link" className="import-modal__template" loading={templateLoading} onClick={() => void fetchTemplate()}>
            下载导入模板
          </Button>
        )}
      </Modal>
    </AntdProvider>
  );
}

export default ImportModal;
