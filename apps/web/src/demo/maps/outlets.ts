/**
 * Sample restaurant outlets of the maps showcase: real neighbourhoods of
 * Hyderabad and London, fixed, so every render and screenshot shows the same markers.
 */

export const CITIES = ['hyderabad', 'london'] as const;
export type City = (typeof CITIES)[number];

export interface Outlet {
  id: string;
  name: string;
  city: City;
  address: string;
  /** [latitude, longitude] */
  position: [number, number];
  /** Seats in the dining room. */
  seats: number;
  rating: number;
}

export const OUTLETS: readonly Outlet[] = [
  { id: 'banjara-hills', name: 'DineDesk Banjara Hills', city: 'hyderabad', address: 'Road No. 12, Banjara Hills, Hyderabad 500034', position: [17.4156, 78.4347], seats: 120, rating: 4.6 },
  { id: 'jubilee-hills', name: 'DineDesk Jubilee Hills', city: 'hyderabad', address: 'Road No. 36, Jubilee Hills, Hyderabad 500033', position: [17.4326, 78.4071], seats: 96, rating: 4.4 },
  { id: 'gachibowli', name: 'DineDesk Gachibowli', city: 'hyderabad', address: 'Old Mumbai Highway, Gachibowli, Hyderabad 500032', position: [17.4401, 78.3489], seats: 140, rating: 4.2 },
  { id: 'hitech-city', name: 'DineDesk HITEC City', city: 'hyderabad', address: 'Madhapur, HITEC City, Hyderabad 500081', position: [17.4474, 78.3762], seats: 80, rating: 4.3 },
  { id: 'shoreditch', name: 'DineDesk Shoreditch', city: 'london', address: '1 Rivington Street, London EC2A 3DT', position: [51.5265, -0.0785], seats: 70, rating: 4.5 },
  { id: 'soho', name: 'DineDesk Soho', city: 'london', address: '22 Dean Street, London W1D 3RY', position: [51.5136, -0.1321], seats: 64, rating: 4.7 },
  { id: 'camden', name: 'DineDesk Camden', city: 'london', address: '8 Parkway, London NW1 7AA', position: [51.539, -0.1426], seats: 58, rating: 4.1 },
  { id: 'covent-garden', name: 'DineDesk Covent Garden', city: 'london', address: '14 Henrietta Street, London WC2E 8QH', position: [51.5113, -0.1235], seats: 88, rating: 4.4 },
];

/** The outlets of `city`. */
export function outletsIn(city: City): Outlet[] {
  return OUTLETS.filter((outlet) => outlet.city === city);
}
