/** Gazetteer cities the tests place jobs in (GeoNames ids, loaded by migration 0007). */
export const CITY = {
  moscow: 524901,
  kazan: 551487,
  tashkent: 1512569,
  almaty: 1526384,
  ashgabat: 162183,
  berlin: 2950159,
  madrid: 3117735,
  paris: 2988507,
} as const;
