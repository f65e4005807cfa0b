import { LeftOutlined, RightOutlined } from '@ant-design/icons';

/**
 * antd's 上一页 and 下一页 buttons as antd draws them, named in Chinese: antd's own are named by their
 * icons ("left", "right"), which a screen reader reads out in English. Spread into a table's pagination.
 */
export const PAGER_ICONS = {
  prevIcon: (
    <button type="button" className="ant-pagination-item-link" tabIndex={-1} aria-label="上一页">
      <LeftOutlined />
    </button>
  ),
  nextIcon: (
    <button type="button" className="ant-pagination-item-link" tabIndex={-1} aria-label="下一页">
      <RightOutlined />
    </button>
  ),
};
