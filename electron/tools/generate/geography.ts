// Real countries and cities, weighted roughly like an English-language job market. Currencies
// and the local scale of pay (relative to a US annual figure) drive the generated salaries.

export interface Country {
  code: string;
  currency: string;
  /** Local currency per US dollar of equivalent pay (purchasing power, rounded). */
  scale: number;
  /** How many postings of every 1000 are here. */
  weight: number;
  /** Usual pay period for salaried roles. */
  period: 'year' | 'month';
  cities: Array<[city: string, region: string]>;
}

export const COUNTRIES: Country[] = [
  {
    code: 'US',
    currency: 'USD',
    scale: 1,
    weight: 300,
    period: 'year',
    cities: [
      ['New York', 'NY'],
      ['San Francisco', 'CA'],
      ['Seattle', 'WA'],
      ['Austin', 'TX'],
      ['Boston', 'MA'],
      ['Chicago', 'IL'],
      ['Denver', 'CO'],
      ['Los Angeles', 'CA'],
      ['Atlanta', 'GA'],
      ['Portland', 'OR'],
    ],
  },
  {
    code: 'GB',
    currency: 'GBP',
    scale: 0.62,
    weight: 90,
    period: 'year',
    cities: [
      ['London', 'England'],
      ['Manchester', 'England'],
      ['Edinburgh', 'Scotland'],
      ['Bristol', 'England'],
      ['Leeds', 'England'],
      ['Cambridge', 'England'],
    ],
  },
  {
    code: 'DE',
    currency: 'EUR',
    scale: 0.68,
    weight: 80,
    period: 'year',
    cities: [
      ['Berlin', 'Berlin'],
      ['München', 'Bavaria'],
      ['Hamburg', 'Hamburg'],
      ['Frankfurt am Main', 'Hesse'],
      ['Köln', 'North Rhine-Westphalia'],
      ['Stuttgart', 'Baden-Württemberg'],
    ],
  },
  {
    code: 'CA',
    currency: 'CAD',
    scale: 1.05,
    weight: 50,
    period: 'year',
    cities: [
      ['Toronto', 'ON'],
      ['Vancouver', 'BC'],
      ['Montréal', 'QC'],
      ['Ottawa', 'ON'],
      ['Calgary', 'AB'],
    ],
  },
  {
    code: 'FR',
    currency: 'EUR',
    scale: 0.6,
    weight: 45,
    period: 'year',
    cities: [
      ['Paris', 'Île-de-France'],
      ['Lyon', 'Auvergne-Rhône-Alpes'],
      ['Toulouse', 'Occitanie'],
      ['Nantes', 'Pays de la Loire'],
    ],
  },
  {
    code: 'NL',
    currency: 'EUR',
    scale: 0.66,
    weight: 35,
    period: 'year',
    cities: [
      ['Amsterdam', 'North Holland'],
      ['Rotterdam', 'South Holland'],
      ['Utrecht', 'Utrecht'],
      ['Eindhoven', 'North Brabant'],
    ],
  },
  {
    code: 'IN',
    currency: 'INR',
    scale: 18,
    weight: 45,
    period: 'year',
    cities: [
      ['Bengaluru', 'Karnataka'],
      ['Hyderabad', 'Telangana'],
      ['Pune', 'Maharashtra'],
      ['Mumbai', 'Maharashtra'],
      ['Chennai', 'Tamil Nadu'],
    ],
  },
  {
    code: 'ES',
    currency: 'EUR',
    scale: 0.45,
    weight: 25,
    period: 'year',
    cities: [
      ['Madrid', 'Community of Madrid'],
      ['Barcelona', 'Catalonia'],
      ['Valencia', 'Valencian Community'],
      ['Málaga', 'Andalusia'],
    ],
  },
  {
    code: 'IE',
    currency: 'EUR',
    scale: 0.7,
    weight: 20,
    period: 'year',
    cities: [
      ['Dublin', 'Leinster'],
      ['Cork', 'Munster'],
      ['Galway', 'Connacht'],
    ],
  },
  {
    code: 'AU',
    currency: 'AUD',
    scale: 1.2,
    weight: 30,
    period: 'year',
    cities: [
      ['Sydney', 'NSW'],
      ['Melbourne', 'VIC'],
      ['Brisbane', 'QLD'],
      ['Perth', 'WA'],
    ],
  },
  {
    code: 'SE',
    currency: 'SEK',
    scale: 5.5,
    weight: 15,
    period: 'month',
    cities: [
      ['Stockholm', 'Stockholm County'],
      ['Göteborg', 'Västra Götaland'],
      ['Malmö', 'Skåne'],
    ],
  },
  {
    code: 'PL',
    currency: 'PLN',
    scale: 2.2,
    weight: 20,
    period: 'month',
    cities: [
      ['Warszawa', 'Masovia'],
      ['Kraków', 'Lesser Poland'],
      ['Wrocław', 'Lower Silesia'],
      ['Gdańsk', 'Pomerania'],
    ],
  },
  {
    code: 'CH',
    currency: 'CHF',
    scale: 0.95,
    weight: 12,
    period: 'year',
    cities: [
      ['Zürich', 'Zürich'],
      ['Genève', 'Geneva'],
      ['Basel', 'Basel-Stadt'],
      ['Lausanne', 'Vaud'],
    ],
  },
  { code: 'SG', currency: 'SGD', scale: 1.1, weight: 15, period: 'month', cities: [['Singapore', 'Singapore']] },
  {
    code: 'JP',
    currency: 'JPY',
    scale: 95,
    weight: 15,
    period: 'year',
    cities: [
      ['Tokyo', 'Tokyo'],
      ['Osaka', 'Osaka'],
      ['Fukuoka', 'Fukuoka'],
    ],
  },
  {
    code: 'BR',
    currency: 'BRL',
    scale: 1.6,
    weight: 18,
    period: 'month',
    cities: [
      ['São Paulo', 'SP'],
      ['Rio de Janeiro', 'RJ'],
      ['Belo Horizonte', 'MG'],
      ['Curitiba', 'PR'],
    ],
  },
  {
    code: 'MX',
    currency: 'MXN',
    scale: 7,
    weight: 12,
    period: 'month',
    cities: [
      ['Ciudad de México', 'CDMX'],
      ['Guadalajara', 'Jalisco'],
      ['Monterrey', 'Nuevo León'],
    ],
  },
  {
    code: 'DK',
    currency: 'DKK',
    scale: 5,
    weight: 8,
    period: 'month',
    cities: [
      ['København', 'Capital Region'],
      ['Aarhus', 'Central Denmark'],
    ],
  },
  {
    code: 'NO',
    currency: 'NOK',
    scale: 7.5,
    weight: 7,
    period: 'year',
    cities: [
      ['Oslo', 'Oslo'],
      ['Bergen', 'Vestland'],
    ],
  },
  {
    code: 'FI',
    currency: 'EUR',
    scale: 0.6,
    weight: 6,
    period: 'month',
    cities: [
      ['Helsinki', 'Uusimaa'],
      ['Tampere', 'Pirkanmaa'],
    ],
  },
  {
    code: 'PT',
    currency: 'EUR',
    scale: 0.38,
    weight: 10,
    period: 'year',
    cities: [
      ['Lisboa', 'Lisbon'],
      ['Porto', 'Norte'],
    ],
  },
  {
    code: 'IT',
    currency: 'EUR',
    scale: 0.45,
    weight: 12,
    period: 'year',
    cities: [
      ['Milano', 'Lombardy'],
      ['Roma', 'Lazio'],
      ['Torino', 'Piedmont'],
    ],
  },
  {
    code: 'AT',
    currency: 'EUR',
    scale: 0.6,
    weight: 6,
    period: 'year',
    cities: [
      ['Wien', 'Vienna'],
      ['Graz', 'Styria'],
    ],
  },
  {
    code: 'IL',
    currency: 'ILS',
    scale: 2.9,
    weight: 8,
    period: 'month',
    cities: [
      ['Tel Aviv', 'Tel Aviv District'],
      ['Haifa', 'Haifa District'],
    ],
  },
  {
    code: 'AE',
    currency: 'AED',
    scale: 3.2,
    weight: 6,
    period: 'month',
    cities: [
      ['Dubai', 'Dubai'],
      ['Abu Dhabi', 'Abu Dhabi'],
    ],
  },
  {
    code: 'ZA',
    currency: 'ZAR',
    scale: 9,
    weight: 5,
    period: 'month',
    cities: [
      ['Cape Town', 'Western Cape'],
      ['Johannesburg', 'Gauteng'],
    ],
  },
  {
    code: 'NZ',
    currency: 'NZD',
    scale: 1.25,
    weight: 4,
    period: 'year',
    cities: [
      ['Auckland', 'Auckland'],
      ['Wellington', 'Wellington'],
    ],
  },
  {
    code: 'KR',
    currency: 'KRW',
    scale: 850,
    weight: 4,
    period: 'year',
    cities: [
      ['Seoul', 'Seoul'],
      ['Busan', 'Busan'],
    ],
  },
  { code: 'IS', currency: 'ISK', scale: 95, weight: 1, period: 'month', cities: [['Reykjavík', 'Capital Region']] },
];

/** Regions a remote role may be open to, with the countries they cover. */
export const REMOTE_REGIONS: Array<[label: string, countries: string[]]> = [
  ['US', ['US']],
  ['Europe', ['DE', 'NL', 'FR', 'ES', 'PT', 'IE', 'PL']],
  ['UK', ['GB']],
  ['Canada', ['CA']],
  ['Worldwide', []],
  ['EMEA', ['GB', 'DE', 'NL', 'AE', 'ZA']],
  ['Americas', ['US', 'CA', 'BR', 'MX']],
];
