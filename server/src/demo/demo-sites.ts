/**
 * The demo fleet's sites: real-looking river, channel, well, tank and rain-gauge sites in Spain for
 * the two client companies, and the equipment each kind of site uses (seeded by demo-fleet.ts).
 */

type Kind = 'river' | 'channel' | 'well' | 'tank' | 'rain_gauge';
export interface DemoSite {
  name: string;
  lat: number;
  lon: number;
  kind: Kind;
  ground?: number;
  alert?: number;
  warning?: number;
  /** Measure and transmission time (s); default 900 and 3600. */
  measure?: number;
  transmission?: number;
}

export const demoSites: Record<'norte' | 'levante', DemoSite[]> = {
  norte: [
    {
      name: 'Ebro en Zaragoza (Puente de Piedra)',
      lat: 41.6563,
      lon: -0.8773,
      kind: 'river',
      ground: 6.5,
      alert: 5.2,
      warning: 4.0,
    },
    {
      name: 'Ebro en Tudela',
      lat: 42.0636,
      lon: -1.6066,
      kind: 'river',
      ground: 7.0,
      alert: 5.5,
      warning: 4.3,
    },
    {
      name: 'Arga en Pamplona (Rotxapea)',
      lat: 42.8232,
      lon: -1.6519,
      kind: 'river',
      ground: 4.5,
      alert: 3.6,
      warning: 2.8,
    },
    {
      name: 'Nervión en Bilbao (La Peña)',
      lat: 43.2405,
      lon: -2.9178,
      kind: 'river',
      ground: 5.0,
      alert: 4.0,
      warning: 3.1,
    },
    {
      name: 'Aragón en Jaca',
      lat: 42.5733,
      lon: -0.5539,
      kind: 'river',
      ground: 3.5,
      alert: 2.8,
      warning: 2.1,
    },
    {
      name: 'Cinca en Monzón',
      lat: 41.9127,
      lon: 0.1934,
      kind: 'river',
      ground: 4.8,
      alert: 3.9,
      warning: 3.0,
    },
    {
      name: 'Canal Imperial en Casablanca',
      lat: 41.6187,
      lon: -0.9026,
      kind: 'channel',
      ground: 3.0,
      alert: 2.6,
      warning: 2.3,
    },
    {
      name: 'Canal de Lodosa en Mendavia',
      lat: 42.4423,
      lon: -2.1998,
      kind: 'channel',
      ground: 2.8,
      alert: 2.4,
      warning: 2.1,
    },
    { name: 'Pozo de Tauste', lat: 41.9214, lon: -1.2536, kind: 'well' },
    { name: 'Pozo de Alfaro', lat: 42.1803, lon: -1.7497, kind: 'well' },
    {
      name: 'Depósito de Logroño Norte',
      lat: 42.4791,
      lon: -2.4461,
      kind: 'tank',
      ground: 6.0,
      alert: 5.6,
      warning: 5.2,
    },
    {
      name: 'Depósito de Vitoria (Olárizu)',
      lat: 42.8305,
      lon: -2.6604,
      kind: 'tank',
      ground: 8.0,
      alert: 7.5,
      warning: 7.0,
    },
    { name: 'Pluviómetro de Huesca', lat: 42.1401, lon: -0.4089, kind: 'rain_gauge' },
    { name: 'Pluviómetro de Soria', lat: 41.7666, lon: -2.479, kind: 'rain_gauge' },
    { name: 'Pluviómetro de Calatayud', lat: 41.3536, lon: -1.6432, kind: 'rain_gauge' },
  ],
  levante: [
    {
      name: 'Júcar en Alzira',
      lat: 39.1523,
      lon: -0.4357,
      kind: 'river',
      ground: 6.0,
      alert: 4.8,
      warning: 3.6,
    },
    {
      name: 'Turia en Manises',
      lat: 39.4918,
      lon: -0.4617,
      kind: 'river',
      ground: 5.5,
      alert: 4.2,
      warning: 3.2,
    },
    {
      name: 'Segura en Murcia (Puente Viejo)',
      lat: 37.9834,
      lon: -1.1299,
      kind: 'river',
      ground: 5.0,
      alert: 4.0,
      warning: 3.0,
    },
    {
      name: 'Segura en Orihuela',
      lat: 38.0849,
      lon: -0.9448,
      kind: 'river',
      ground: 4.5,
      alert: 3.7,
      warning: 2.9,
    },
    {
      name: 'Serpis en Gandia',
      lat: 38.9669,
      lon: -0.1858,
      kind: 'river',
      ground: 3.5,
      alert: 2.7,
      warning: 2.0,
    },
    {
      name: 'Canal Júcar-Turia en Picassent',
      lat: 39.363,
      lon: -0.4597,
      kind: 'channel',
      ground: 3.2,
      alert: 2.8,
      warning: 2.5,
    },
    {
      name: 'Canal del Taibilla en Cartagena',
      lat: 37.638,
      lon: -0.996,
      kind: 'channel',
      ground: 2.5,
      alert: 2.2,
      warning: 1.9,
    },
    { name: 'Pozo de Elche (Algoda)', lat: 38.235, lon: -0.657, kind: 'well' },
    // a telemetry well transmitting every minute: silent, it shows NO_TRANSMISSION within 7 minutes
    // (the live scenario silences it at each start, demo-scenario.ts)
    {
      name: 'Pozo de Villena',
      lat: 38.6373,
      lon: -0.8651,
      kind: 'well',
      measure: 10,
      transmission: 60,
    },
    {
      name: 'Depósito de Alicante (Benalúa)',
      lat: 38.339,
      lon: -0.4929,
      kind: 'tank',
      ground: 7.0,
      alert: 6.6,
      warning: 6.2,
    },
    {
      name: 'Depósito de Sagunto',
      lat: 39.6798,
      lon: -0.2733,
      kind: 'tank',
      ground: 5.0,
      alert: 4.6,
      warning: 4.2,
    },
    { name: 'Pluviómetro de Valencia (Viveros)', lat: 39.4806, lon: -0.3669, kind: 'rain_gauge' },
    { name: 'Pluviómetro de Cartagena', lat: 37.6057, lon: -0.9863, kind: 'rain_gauge' },
    { name: 'Pluviómetro de Lorca', lat: 37.6772, lon: -1.7006, kind: 'rain_gauge' },
  ],
};

/** The model and product each kind of site uses, and its port's parameters. */
export const demoEquipment: Record<
  Kind,
  { model: string; product: string; port: string; parameters: Record<string, unknown> }
> = {
  river: {
    model: 'VEGAPULS C 21',
    product: 'LVL',
    port: 'ai1',
    parameters: { label: 'Nivel del río', operation_mode: 'level' },
  },
  channel: {
    model: 'MDS-Dipper-PT',
    product: 'LVL',
    port: 'ai1',
    parameters: { label: 'Nivel del canal', value_4mA: 0, value_20mA: 5 },
  },
  well: {
    model: 'PLS-C',
    product: 'PRS',
    port: 'ai1',
    parameters: { label: 'Nivel piezométrico', type_fluid: 'water_20c' },
  },
  tank: { model: 'ULS-200', product: 'LVL', port: 'ai1', parameters: { label: 'Nivel del depósito' } },
  rain_gauge: {
    model: 'SlimLogCom',
    product: 'RAIN',
    port: 'p1',
    // rain in mm per 15-minute measure: 'mm/10min', the only rain unit of calculatedUnits, would mislabel it
    parameters: { label: 'Lluvia', pulse_value: 0.2 },
  },
};
