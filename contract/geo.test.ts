import { describe, expect, it } from 'vitest';
import { distanceMetres, distanceText, fasterThanTrain, proposedWorkplace } from './geo.ts';

const TIANANMEN = { latitude: 39.9087, longitude: 116.3975 };
const THE_BUND = { latitude: 31.2397, longitude: 121.4905 };
const DONGGUAN = { latitude: 23.0207, longitude: 113.7518 };

describe('distanceMetres', () => {
  it('measures Beijing to Shanghai as about 1,067 km, and a place to itself as 0', () => {
    expect(distanceMetres(TIANANMEN, THE_BUND) / 1000).toBeCloseTo(1067, -1);
    expect(distanceMetres(DONGGUAN, DONGGUAN)).toBe(0);
  });

  it('measures 0.001° of latitude as about 111 m, and is the same both ways', () => {
    const north = { latitude: DONGGUAN.latitude + 0.001, longitude: DONGGUAN.longitude };
    expect(distanceMetres(DONGGUAN, north)).toBeCloseTo(111.2, 0);
    expect(distanceMetres(north, DONGGUAN)).toBe(distanceMetres(DONGGUAN, north));
  });
});

describe('distanceText', () => {
  it('reads metres under a kilometre and kilometres with one decimal above', () => {
    expect(distanceText(320.4)).toBe('320 米');
    expect(distanceText(1234)).toBe('1.2 公里');
  });
});

describe('fasterThanTrain', () => {
  const at = (time: string) => `2026-12-07T${time}:00+08:00`;
  it('flags Beijing in the morning and Shanghai an hour later, not three hours and a half later', () => {
    expect(fasterThanTrain({ ...TIANANMEN, at: at('08:00') }, { ...THE_BUND, at: at('09:00') })).toBe(true);
    expect(fasterThanTrain({ ...TIANANMEN, at: at('08:00') }, { ...THE_BUND, at: at('12:00') })).toBe(false);
  });

  it('does not take a phone’s error of a few kilometres for travel, even at the same minute', () => {
    const near = { latitude: DONGGUAN.latitude + 0.02, longitude: DONGGUAN.longitude };
    expect(fasterThanTrain({ ...DONGGUAN, at: at('08:00') }, { ...near, at: at('08:00') })).toBe(false);
  });
});

describe('a workplace proposed from check-ins', () => {
  const at = (latitude: number, longitude: number) => ({ latitude, longitude });
  it('is the middle of three or more close check-ins, with how far the farthest lies', () => {
    const proposal = proposedWorkplace([at(23.0407, 113.7518), at(23.0409, 113.752), at(23.0405, 113.7516)]);
    expect(proposal).toMatchObject({ latitude: 23.0407, longitude: 113.7518 });
    expect(proposal!.spread).toBeGreaterThan(20);
    expect(proposal!.spread).toBeLessThan(40);
  });

  it('is none from too few, or from check-ins farther than 300 m from their middle', () => {
    expect(proposedWorkplace([at(23.0407, 113.7518), at(23.0409, 113.752)])).toBeNull();
    // Two at work, one at home 2 km away.
    expect(proposedWorkplace([at(23.0407, 113.7518), at(23.0409, 113.752), at(23.0587, 113.7518)])).toBeNull();
  });
});
