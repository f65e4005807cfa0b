import { List, Switch } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { COLOR_PRESETS, isPrimaryColor, settingsStore, useSettings } from '@/lib/settings-store.ts';
import './phone-settings.css';

/**
 * 系统设置 on the phone (antd-mobile only): the settings that mean something without the desktop
 * layout, the theme colour and colour-weak mode. They go through the same store and local-storage keys
 * as the desktop drawer, so either screen starts with them next time.
 */
export default function PhoneSettings() {
  const settings = useSettings();
  return (
    <>
      <List header="主题色">
        <div className="phone-settings__colors" role="radiogroup" aria-label="主题色">
          {COLOR_PRESETS.map(({ name, color }) => {
            const chosen = isPrimaryColor(settings, color);
            return (
              <button key={color} type="button" role="radio" aria-checked={chosen} className="phone-settings__color" onClick={() => settingsStore.set('primaryColor', color)}>
                <span className="phone-settings__swatch" style={{ background: color }} aria-hidden />
                <span className="phone-settings__name">{name}</span>
                {chosen && <CheckOutline className="phone-settings__check" aria-hidden />}
              </button>
            );
          })}
        </div>
      </List>
      <List header="其他设置">
        <List.Item extra={<Switch aria-label="色弱模式" checked={settings.colorWeak} onChange={(on) => settingsStore.set('colorWeak', on)} />}>色弱模式</List.Item>
      </List>
    </>
  );
}
