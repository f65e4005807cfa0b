import { useSettings, type LayoutSettings } from '@/lib/settings-store.ts';
import { SettingsLayout } from './settings-layout.tsx';

const onOff = (value: boolean) => (value ? '开启' : '关闭');

const ROWS: { label: string; description: string; value: (s: LayoutSettings) => string; swatch?: (s: LayoutSettings) => string }[] = [
  { label: '风格配色', description: '侧边菜单和页头的配色', value: (s) => (s.navTheme === 'dark' ? '暗色' : '亮色') },
  { label: '主题色', description: '按钮、链接和选中项的颜色', value: (s) => s.primaryColor.toUpperCase(), swatch: (s) => s.primaryColor },
  { label: '导航模式', description: '菜单在左侧还是在页头', value: (s) => (s.layoutMode === 'topmenu' ? '顶部栏导航' : '侧边栏导航') },
  { label: '内容区域宽度', description: '页面内容定宽居中或铺满', value: (s) => (s.contentWidth === 'Fixed' ? '定宽' : '流式') },
  { label: '固定 Header', description: '滚动时页头保持在顶部', value: (s) => onOff(s.fixedHeader) },
  { label: '下滑时隐藏 Header', description: '向下滚动时收起页头', value: (s) => onOff(s.autoHideHeader) },
  { label: '固定侧边菜单', description: '滚动时侧边菜单保持不动', value: (s) => onOff(s.fixSiderbar) },
  { label: '色弱模式', description: '为色觉障碍调整页面颜色', value: (s) => onOff(s.colorWeak) },
  { label: '多页签模式', description: '打开的页面以页签保留', value: (s) => onOff(s.multiPage) },
];

/** 个性化设置: the layout settings as they stand on this browser (changed in 系统设置 of the user menu). */
export default function CustomSettingPage() {
  const settings = useSettings();
  return (
    <SettingsLayout section="custom">
      <p className="account-card__hint" style={{ marginTop: 0 }}>
        以下设置保存在本浏览器中，可在页头用户菜单的“系统设置”中修改。
      </p>
      <ul className="account-list">
        {ROWS.map((row) => (
          <li key={row.label} className="account-list__item">
            <span className="account-list__text">
              <span className="account-list__title">{row.label}</span>
              <span className="account-list__description">{row.description}</span>
            </span>
            <span className="account-list__value">
              {row.swatch && <span className="account-swatch" style={{ background: row.swatch(settings) }} aria-hidden="true" />}
              {row.value(settings)}
            </span>
          </li>
        ))}
      </ul>
    </SettingsLayout>
  );
}
