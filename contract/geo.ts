/**
 * Where a student checks in against where they work (issue 35): distances on the earth in metres, and how fast one
 * would have travelled between two check-ins. Coordinates are WGS-84, as a browser's geolocation gives them.
 *
 * A workplace picked on a Chinese map (高德, 腾讯: GCJ-02; 百度: BD-09) is offset by up to about 500 m from WGS-84 and
 * must be converted before it is stored (BD-09 to GCJ-02 first, then GCJ-02 to WGS-84 by inverting the published
 * forward transform a few times, to within a metre); the office enters WGS-84 here, as a phone's location reads.
 */

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** The radius a workplace has when the office sets none, in metres. */
export const DEFAULT_WORK_RADIUS = 500;
/** Faster than a high-speed train (km/h): two check-ins that far apart in that little time were not both made there. */
export const TRAIN_SPEED_KMH = 350;

const EARTH_RADIUS_M = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two places, in metres (haversine; within 0.5 % of the ellipsoid's). */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A distance as a person reads it: 320 米, 1.2 公里. */
export const distanceText = (metres: number): string => (metres < 1000 ? `${Math.round(metres)} 米` : `${(metres / 1000).toFixed(1)} 公里`);

/** Whether going from one check-in to the next would have taken more than a train's speed (times as ISO strings). */
export function fasterThanTrain(from: LatLng & { at: string }, to: LatLng & { at: string }): boolean {
  const hours = (Date.parse(to.at) - Date.parse(from.at)) / 3_600_000;
  const km = distanceMetres(from, to) / 1000;
  // A few kilometres are the phone's error, not travel.
  if (km < 5) return false;
  return hours <= 0 || km / hours > TRAIN_SPEED_KMH;
}

/** How many located check-ins on different days propose a workplace, and how far from their middle all must lie (metres). */
export const PROPOSAL_CHECKINS = 3;
export const PROPOSAL_SPREAD = 300;

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * The workplace a student's first located check-ins propose, for the adviser to confirm: their middle (the median of
 * each coordinate, which one stray reading does not move), once there are enough of them and all lie close to it;
 * null while they are too few or scattered (a student who checks in from home and from work proposes nothing).
 */
export function proposedWorkplace(places: readonly LatLng[]): (LatLng & { spread: number }) | null {
  if (places.length < PROPOSAL_CHECKINS) return null;
  const middle = { latitude: median(places.map((p) => p.latitude)), longitude: median(places.map((p) => p.longitude)) };
  const spread = Math.max(...places.map((p) => distanceMetres(p, middle)));
  if (spread > PROPOSAL_SPREAD) return null;
  return { latitude: Number(middle.latitude.toFixed(6)), longitude: Number(middle.longitude.toFixed(6)), spread: Math.round(spread) };
}
