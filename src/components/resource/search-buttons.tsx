import { Button, Form, Space, type FormInstance } from 'antd';

/** The 查询/重置 pair that ends a desktop search form; 重置 clears the form and searches with no filters. */
export function SearchButtons<Values>({ form, onReset }: { form: FormInstance<Values>; onReset: () => void }) {
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onReset();
          }}
        >
          重置
        </Button>
      </Space>
    </Form.Item>
  );
}
