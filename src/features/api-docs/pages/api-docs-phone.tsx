import { Button, Collapse, ErrorBlock, NoticeBar, SearchBar, Tag } from 'antd-mobile';
import { PhoneListState } from '@/components/phone-list/phone-list-state.tsx';
import type { FieldRow, Method } from '../components/operations.ts';
import type { ApiDocsPageState } from '../components/use-api-docs-page.ts';
import './api-docs.css';

const METHOD_COLORS: Record<Method, string> = { get: 'primary', post: 'success', put: 'warning', delete: 'danger' };
/** A phone shows the first matches; the search narrows them. */
const SHOWN_ON_PHONE = 100;

function FieldList({ rows, depth = 0 }: { rows: FieldRow[]; depth?: number }) {
  return (
    <>
      {rows.map((row) => (
        <div key={row.key} className="api-docs-phone__field" style={{ paddingLeft: depth * 12 }}>
          <b>{row.name}</b> {row.type}
          {row.required ? '，必填' : ''}
          {row.note ? `，${row.note}` : ''}
          {row.children && <FieldList rows={row.children} depth={depth + 1} />}
        </div>
      ))}
    </>
  );
}

/** 接口文档 on the phone: the search, and each call opening into its parameters, body and answer. */
export default function ApiDocsPhone({ state }: { state: ApiDocsPageState }) {
  const { document } = state;
  const shown = state.shown.slice(0, SHOWN_ON_PHONE);
  return (
    <div className="api-docs-phone">
      <SearchBar placeholder="按地址、权限编码或方法查找" value={state.text} onChange={state.setText} />
      {state.shown.length > SHOWN_ON_PHONE && <NoticeBar content={`共 ${state.shown.length} 个接口，显示前 ${SHOWN_ON_PHONE} 个，请输入关键词查找`} color="info" wrap />}
      {document.isError && <ErrorBlock status="default" title="接口文档加载失败" />}
      <PhoneListState pending={document.isPending} failed={document.isError} empty={shown.length === 0} emptyTitle="没有符合条件的接口" emptyDescription="请换个关键词">
        <Collapse accordion>
          {shown.map((operation) => (
            <Collapse.Panel
              key={operation.key}
              title={
                <span>
                  <Tag color={METHOD_COLORS[operation.method]}>{operation.method.toUpperCase()}</Tag> <span className="api-docs__path">{operation.path}</span>
                </span>
              }
            >
              <div className="api-docs__section">权限</div>
              <div className="api-docs-phone__field">{operation.access}</div>
              <div className="api-docs__section">参数</div>
              {operation.parameters.length ? <FieldList rows={operation.parameters} /> : <div className="api-docs-phone__field">无</div>}
              {operation.body && (
                <>
                  <div className="api-docs__section">请求体（{operation.body.mediaType}）</div>
                  <FieldList rows={operation.body.fields} />
                </>
              )}
              {operation.answer.map((answer) => (
                <div key={answer.mediaType}>
                  <div className="api-docs__section">成功应答（{answer.mediaType}）</div>
                  {answer.fields.length ? <FieldList rows={answer.fields} /> : <div className="api-docs-phone__field">文件内容</div>}
                </div>
              ))}
            </Collapse.Panel>
          ))}
        </Collapse>
      </PhoneListState>
      <Button block disabled={!document.data} onClick={state.download} style={{ marginTop: 12 }}>
        下载 OpenAPI 文件
      </Button>
    </div>
  );
}
