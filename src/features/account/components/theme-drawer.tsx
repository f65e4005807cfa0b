import { CheckOutlined } from '@ant-design/icons';
import { Button, Divider, Drawer, List, Radio, Switch, Tooltip } from 'antd';
import { COLOR_PRESETS, isPrimaryColor, settingsStore, useSettings, type LayoutSettings } from '@/lib/settings-store.ts';
import './theme-drawer.css';

type SwitchKey = 'fixedHeader' | 'autoHideHeader' | 'fixSiderbar' | 'colorWeak' | 'multiPage';

/**
 * 系统设置: every layout setting of SPEC.md section 3. Each change applies at once and is stored
 * under its old local-storage key, so it holds on the next start.
 */
export function ThemeDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const settings = useSettings();
  const set = <K extends keyof LayoutSettings>(key: K) => (value: LayoutSettings[K]) => settingsStore.set(key, value);
  const topMenu = settings.layoutMode === 'topmenu';

  const switches: { key: SwitchKey; label: string; disabled?: boolean; hint?: string }[] = [
    { key: 'fixedHeader', label: '固定 Header' },
    { key: 'autoHideHeader', label: '下滑时隐藏 Header', disabled: !settings.fixedHeader, hint: '固定 Header 时可配置' },
    { key: 'fixSiderbar', label: '固定侧边菜单', disabled: topMenu, hint: '侧边菜单布局时可配置' },
  ];
  const others: { key: SwitchKey; label: string }[] = [
    { key: 'colorWeak', label: '色弱模式' },
    { key: 'multiPage', label: '多页签模式' },
  ];
  const switchRow = ({ key, label, disabled, hint }: { key: SwitchKey; label: string; disabled?: boolean; hint?: string }) => (
    <List.Item key={key} actions={[<Switch key="switch" size="small" aria-label={label} checked={settings[key]} disabled={disabled} onChange={set(key)} />]}>
      <Tooltip title={disabled ? hint : undefined} placement="left">
        <span style={disabled ? { opacity: 0.5 } : undefined}>{label}</span>
      </Tooltip>
    </List.Item>
  );

  return (
    <Drawer title="系统设置" open={open} onClose={onClose} size={300} destroyOnHidden>
      <h3 className="theme-drawer__title">整体风格设置</h3>
      <Radio.Group value={settings.navTheme} onChange={(e) => set('navTheme')(e.target.value as LayoutSettings['navTheme'])} optionType="button" buttonStyle="solid">
        <Radio value="light">亮色顶栏</Radio>
        <Radio value="dark">暗色顶栏</Radio>
      </Radio.Group>

      <Divider />
      <h3 className="theme-drawer__title">主题色</h3>
      <div className="theme-drawer__colors" role="radiogroup" aria-label="主题色">
        {COLOR_PRESETS.map(({ name, color }) => {
          const chosen = isPrimaryColor(settings, color);
          return (
            <Tooltip key={color} title={name}>
              <button type="button" role="radio" aria-checked={chosen} aria-label={name} className="theme-drawer__color" style={{ background: color }} onClick={() => set('primaryColor')(color)}>
                {chosen && <CheckOutlined />}
              </button>
            </Tooltip>
          );
        })}
      </div>

      <Divider />
      <h3 className="theme-drawer__title">导航模式</h3>
      <Radio.Group value={settings.layoutMode} onChange={(e) => set('layoutMode')(e.target.value as LayoutSettings['layoutMode'])}>
        <Radio value="sidemenu">侧边菜单布局</Radio>
        <Radio value="topmenu">顶部菜单布局</Radio>
      </Radio.Group>
      <List split={false}>
        <List.Item
          actions={[
            <Radio.Group key="width" size="small" disabled={!topMenu} value={settings.contentWidth} onChange={(e) => set('contentWidth')(e.target.value as LayoutSettings['contentWidth'])}>
              <Radio.Button value="Fixed">固定</Radio.Button>
              <Radio.Button value="Fluid">流式</Radio.Button>
            </Radio.Group>,
          ]}
        >
          <Tooltip title={topMenu ? undefined : '该设定仅 [顶部菜单布局] 时有效'} placement="left">
            <span style={topMenu ? undefined : { opacity: 0.5 }}>内容区域宽度</span>
          </Tooltip>
        </List.Item>
        {switches.map(switchRow)}
      </List>

      <Divider />
      <h3 className="theme-drawer__title">其他设置</h3>
      <List split={false}>{others.map(switchRow)}</List>

      <Divider />
      <Button block onClick={() => settingsStore.reset()}>
        恢复默认设置
      </Button>
    </Drawer>
  );
}
