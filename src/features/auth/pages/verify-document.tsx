import { useEffect } from 'react';
import { Button, Form, Input, List, Result } from 'antd-mobile';
import { Link, useSearchParams } from 'react-router-dom';
import { formatVerifyCode, verifyParams } from '@contract/documents.ts';
import { paths } from '@/config/paths.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { formatDate } from '@/lib/format.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { useVerifyDocument } from '../api/verify-document.ts';
import { AuthCard } from '../components/auth-layout.tsx';
import { FormError } from '../components/form-error.tsx';

/**
 * 文件核验, without logging in: the code printed at the foot of a document (实习鉴定表) says whether this school's
 * platform issued it, what kind it is, when, and how many pages and students it had; never what it says.
 * ?code= fills and checks it at once (a link or a scanned code).
 */
export default function VerifyDocumentPage() {
  usePageTitle('文件核验');
  const [params] = useSearchParams();
  const [form] = Form.useForm<{ code: string }>();
  const verify = useVerifyDocument();
  const given = params.get('code');
  useEffect(() => {
    if (given) void verify.mutateAsync(given).catch(() => undefined);
    // Once per code in the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [given]);
  const found = verify.data;
  return (
    <AuthCard title="文件核验">
      <Form
        form={form}
        layout="horizontal"
        initialValues={{ code: given ?? '' }}
        onFinish={({ code }) => void verify.mutateAsync(code).catch(() => undefined)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={verify.isPending}>
            核验
          </Button>
        }
      >
        <Form.Item name="code" label="核验码" rules={[zodRule(verifyParams.shape.code)]} description="文件页脚“核验码”后的10位字母和数字">
          <Input placeholder="如 K7QW2-M9XTD" autoComplete="off" clearable />
        </Form.Item>
      </Form>
      {found && (
        <section aria-label="核验结果">
          <Result status="success" title="核验通过" description={`该${found.kindName}由${found.school}实习实训管理服务平台生成`} />
          <List>
            <List.Item extra={formatVerifyCode(found.code)}>核验码</List.Item>
            <List.Item extra={found.kindName}>文件类型</List.Item>
            <List.Item extra={formatDate(found.issuedAt)}>生成时间</List.Item>
            <List.Item extra={`${found.pages} 页，${found.subjects} 名学生`}>页数</List.Item>
          </List>
          <p className="auth-note">请核对纸质文件的页数与生成时间是否一致；本页不显示文件内容。</p>
        </section>
      )}
      <FormError error={verify.error} />
      <div className="auth-links">
        <Link to={paths.login}>返回登录</Link>
      </div>
    </AuthCard>
  );
}
