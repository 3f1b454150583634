// A curated gazetteer: the places job boards name most, each with its ISO 3166-1 alpha-2 country.
// Keys are folded (lower case, no accents; see fold() in location.ts). Kept small and reviewed by hand:
// a place that is not here stays without a country rather than being guessed.

/** US states and territories: folded name → USPS code. */
export const US_STATES: Readonly<Record<string, string>> = {
  alabama: 'AL', alaska: 'AK', arizona: 'AZ', arkansas: 'AR', california: 'CA', colorado: 'CO',
  connecticut: 'CT', delaware: 'DE', florida: 'FL', georgia: 'GA', hawaii: 'HI', idaho: 'ID',
  illinois: 'IL', indiana: 'IN', iowa: 'IA', kansas: 'KS', kentucky: 'KY', louisiana: 'LA', maine: 'ME',
  maryland: 'MD', massachusetts: 'MA', michigan: 'MI', minnesota: 'MN', mississippi: 'MS', missouri: 'MO',
  montana: 'MT', nebraska: 'NE', nevada: 'NV', 'new hampshire': 'NH', 'new jersey': 'NJ',
  'new mexico': 'NM', 'new york': 'NY', 'north carolina': 'NC', 'north dakota': 'ND', ohio: 'OH',
  oklahoma: 'OK', oregon: 'OR', pennsylvania: 'PA', 'rhode island': 'RI', 'south carolina': 'SC',
  'south dakota': 'SD', tennessee: 'TN', texas: 'TX', utah: 'UT', vermont: 'VT', virginia: 'VA',
  washington: 'WA', 'west virginia': 'WV', wisconsin: 'WI', wyoming: 'WY',
  'district of columbia': 'DC', 'washington dc': 'DC', 'washington d c': 'DC', 'd c': 'DC', dc: 'DC',
  'puerto rico': 'PR',
};

/** Canadian provinces and territories: folded name → code. */
export const CA_PROVINCES: Readonly<Record<string, string>> = {
  alberta: 'AB', 'british columbia': 'BC', manitoba: 'MB', 'new brunswick': 'NB',
  'newfoundland and labrador': 'NL', newfoundland: 'NL', 'nova scotia': 'NS', ontario: 'ON',
  'prince edward island': 'PE', quebec: 'QC', saskatchewan: 'SK', 'northwest territories': 'NT',
  nunavut: 'NU', yukon: 'YT',
};

/** Australian states and territories: folded name → code. */
export const AU_STATES: Readonly<Record<string, string>> = {
  'new south wales': 'NSW', victoria: 'VIC', queensland: 'QLD', 'western australia': 'WA',
  'south australia': 'SA', tasmania: 'TAS', 'australian capital territory': 'ACT',
  'northern territory': 'NT',
};

/** Regions of other countries that boards write as "City, Region" or "Country-Region". */
export const OTHER_REGIONS: Readonly<Record<string, { country: string; region: string }>> = {
  england: { country: 'GB', region: 'England' }, scotland: { country: 'GB', region: 'Scotland' },
  wales: { country: 'GB', region: 'Wales' }, 'northern ireland': { country: 'GB', region: 'Northern Ireland' },
  karnataka: { country: 'IN', region: 'Karnataka' }, maharashtra: { country: 'IN', region: 'Maharashtra' },
  telangana: { country: 'IN', region: 'Telangana' }, 'tamil nadu': { country: 'IN', region: 'Tamil Nadu' },
  haryana: { country: 'IN', region: 'Haryana' }, bavaria: { country: 'DE', region: 'Bavaria' },
  bayern: { country: 'DE', region: 'Bavaria' }, catalonia: { country: 'ES', region: 'Catalonia' },
  'ile de france': { country: 'FR', region: 'Île-de-France' }, gauteng: { country: 'ZA', region: 'Gauteng' },
  'western cape': { country: 'ZA', region: 'Western Cape' }, 'kwazulu natal': { country: 'ZA', region: 'KwaZulu-Natal' },
  penang: { country: 'MY', region: 'Penang' }, kzn: { country: 'ZA', region: 'KwaZulu-Natal' },
  'capital region of denmark': { country: 'DK', region: 'Capital Region' },
};

/**
 * Country names the i18n list lacks or spells otherwise (folded) → alpha-2. The package's English,
 * German, French, Spanish, Italian, Dutch and Portuguese names are added in location.ts.
 */
export const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  usa: 'US', 'u s a': 'US', us: 'US', 'u s': 'US', america: 'US', 'united states': 'US',
  uk: 'GB', 'u k': 'GB', 'great britain': 'GB', britain: 'GB', 'united kingdom': 'GB',
  uae: 'AE', 'u a e': 'AE', emirates: 'AE', 'united arab emirates': 'AE',
  'south korea': 'KR', korea: 'KR', 'republic of korea': 'KR', 'czech republic': 'CZ', czechia: 'CZ',
  russia: 'RU', vietnam: 'VN', 'viet nam': 'VN', taiwan: 'TW', 'hong kong': 'HK', 'hong kong sar': 'HK',
  macau: 'MO', turkey: 'TR', turkiye: 'TR', holland: 'NL', 'the netherlands': 'NL', deutschland: 'DE',
  espana: 'ES', 'ivory coast': 'CI', "cote d'ivoire": 'CI', 'cote divoire': 'CI', moldova: 'MD', iran: 'IR',
  syria: 'SY', laos: 'LA', bolivia: 'BO', venezuela: 'VE', tanzania: 'TZ', 'drc': 'CD',
  'dr congo': 'CD', 'democratic republic of the congo': 'CD', ksa: 'SA', 'saudi arabia': 'SA',
  'the philippines': 'PH', 'north macedonia': 'MK', macedonia: 'MK', kosovo: 'XK', palestine: 'PS',
  brasil: 'BR', mexique: 'MX', suisse: 'CH', schweiz: 'CH', osterreich: 'AT', italia: 'IT', polska: 'PL',
  nederland: 'NL', belgique: 'BE', belgie: 'BE', sverige: 'SE', norge: 'NO', danmark: 'DK', suomi: 'FI',
  eire: 'IE', 'new zealand': 'NZ', 'south africa': 'ZA', 'rsa': 'ZA',
};

/**
 * Names that are also something else, so never read as a country on their own:
 * "Georgia" (US state or the country), "Jersey" (New Jersey shorthand or the island), "Norfolk"
 * (Dutch for Norfolk Island; in a posting, the Virginia city or the English county).
 * With a qualifier ("Tbilisi, Georgia") the qualifier decides (see location.ts).
 */
export const AMBIGUOUS_COUNTRY_NAMES: ReadonlySet<string> = new Set(['georgia', 'jersey', 'guinea', 'chad', 'norfolk']);

type City = readonly [country: string, region?: string];

/**
 * Major cities → [country, region?]. A city name shared by two countries' well-known places
 * ("Cambridge" UK/US, "Birmingham" UK/US, "London" UK/Canada) is in AMBIGUOUS_CITIES instead and
 * only gets a country from a qualifier in the same string.
 */
export const CITIES: Readonly<Record<string, City>> = {
  // United States
  'new york': ['US', 'NY'], 'new york city': ['US', 'NY'], nyc: ['US', 'NY'], manhattan: ['US', 'NY'],
  brooklyn: ['US', 'NY'], 'san francisco': ['US', 'CA'], sf: ['US', 'CA'], 'south san francisco': ['US', 'CA'],
  'los angeles': ['US', 'CA'], la: ['US', 'CA'], 'san diego': ['US', 'CA'], 'san jose': ['US', 'CA'],
  'palo alto': ['US', 'CA'], 'mountain view': ['US', 'CA'], 'menlo park': ['US', 'CA'], sunnyvale: ['US', 'CA'],
  'santa clara': ['US', 'CA'], oakland: ['US', 'CA'], berkeley: ['US', 'CA'], 'redwood city': ['US', 'CA'],
  'santa monica': ['US', 'CA'], irvine: ['US', 'CA'], sacramento: ['US', 'CA'], 'santa barbara': ['US', 'CA'],
  'san mateo': ['US', 'CA'], cupertino: ['US', 'CA'], emeryville: ['US', 'CA'], pasadena: ['US', 'CA'],
  seattle: ['US', 'WA'], sea: ['US', 'WA'], bellevue: ['US', 'WA'], redmond: ['US', 'WA'], kirkland: ['US', 'WA'],
  chicago: ['US', 'IL'], boston: ['US', 'MA'], somerville: ['US', 'MA'], austin: ['US', 'TX'], dallas: ['US', 'TX'],
  houston: ['US', 'TX'], 'san antonio': ['US', 'TX'], denver: ['US', 'CO'], boulder: ['US', 'CO'],
  'colorado springs': ['US', 'CO'], atlanta: ['US', 'GA'], miami: ['US', 'FL'], orlando: ['US', 'FL'],
  tampa: ['US', 'FL'], jacksonville: ['US', 'FL'], phoenix: ['US', 'AZ'], scottsdale: ['US', 'AZ'],
  tempe: ['US', 'AZ'], 'salt lake city': ['US', 'UT'], 'lehi': ['US', 'UT'], raleigh: ['US', 'NC'],
  durham: ['US', 'NC'], charlotte: ['US', 'NC'], nashville: ['US', 'TN'], pittsburgh: ['US', 'PA'],
  philadelphia: ['US', 'PA'], detroit: ['US', 'MI'], 'ann arbor': ['US', 'MI'], 'grand rapids': ['US', 'MI'],
  minneapolis: ['US', 'MN'], 'st paul': ['US', 'MN'], 'st louis': ['US', 'MO'], 'kansas city': ['US', 'MO'],
  columbus: ['US', 'OH'], cleveland: ['US', 'OH'], cincinnati: ['US', 'OH'], indianapolis: ['US', 'IN'],
  milwaukee: ['US', 'WI'], madison: ['US', 'WI'], 'las vegas': ['US', 'NV'], reno: ['US', 'NV'],
  'new orleans': ['US', 'LA'], baltimore: ['US', 'MD'], 'washington dc': ['US', 'DC'], 'washington d c': ['US', 'DC'],
  arlington: ['US', 'VA'], 'jersey city': ['US', 'NJ'], hoboken: ['US', 'NJ'], newark: ['US', 'NJ'],
  princeton: ['US', 'NJ'], stamford: ['US', 'CT'], 'new haven': ['US', 'CT'], hartford: ['US', 'CT'],
  providence: ['US', 'RI'], honolulu: ['US', 'HI'], anchorage: ['US', 'AK'], albuquerque: ['US', 'NM'],
  omaha: ['US', 'NE'], boise: ['US', 'ID'], louisville: ['US', 'KY'], 'oklahoma city': ['US', 'OK'],
  tulsa: ['US', 'OK'], buffalo: ['US', 'NY'], rochester: ['US', 'NY'], 'silicon valley': ['US', 'CA'],
  'bay area': ['US', 'CA'], 'sf bay area': ['US', 'CA'], 'san francisco bay area': ['US', 'CA'],
  // Canada
  toronto: ['CA', 'ON'], montreal: ['CA', 'QC'], vancouver: ['CA', 'BC'], ottawa: ['CA', 'ON'],
  calgary: ['CA', 'AB'], edmonton: ['CA', 'AB'], waterloo: ['CA', 'ON'], kitchener: ['CA', 'ON'],
  mississauga: ['CA', 'ON'], winnipeg: ['CA', 'MB'], 'quebec city': ['CA', 'QC'], halifax: ['CA', 'NS'],
  // United Kingdom and Ireland
  london: ['GB', 'England'], manchester: ['GB', 'England'], edinburgh: ['GB', 'Scotland'],
  glasgow: ['GB', 'Scotland'], leeds: ['GB', 'England'], bristol: ['GB', 'England'], belfast: ['GB', 'Northern Ireland'],
  liverpool: ['GB', 'England'], cardiff: ['GB', 'Wales'], oxford: ['GB', 'England'], reading: ['GB', 'England'],
  brighton: ['GB', 'England'], nottingham: ['GB', 'England'], sheffield: ['GB', 'England'], newcastle: ['GB', 'England'],
  dublin: ['IE'], cork: ['IE'], galway: ['IE'], limerick: ['IE'],
  // Europe
  paris: ['FR'], lyon: ['FR'], marseille: ['FR'], toulouse: ['FR'], nantes: ['FR'], bordeaux: ['FR'], lille: ['FR'],
  nice: ['FR'], montpellier: ['FR'], berlin: ['DE'], munich: ['DE'], munchen: ['DE'], hamburg: ['DE'],
  frankfurt: ['DE'], cologne: ['DE'], koln: ['DE'], stuttgart: ['DE'], dusseldorf: ['DE'], leipzig: ['DE'],
  dresden: ['DE'], amsterdam: ['NL'], rotterdam: ['NL'], 'the hague': ['NL'], utrecht: ['NL'], eindhoven: ['NL'],
  brussels: ['BE'], bruxelles: ['BE'], antwerp: ['BE'], ghent: ['BE'], luxembourg: ['LU'], 'luxembourg city': ['LU'],
  madrid: ['ES'], barcelona: ['ES'], valencia: ['ES'], seville: ['ES'], malaga: ['ES'], bilbao: ['ES'],
  lisbon: ['PT'], lisboa: ['PT'], porto: ['PT'], braga: ['PT'], milan: ['IT'], milano: ['IT'], rome: ['IT'],
  roma: ['IT'], turin: ['IT'], torino: ['IT'], naples: ['IT'], florence: ['IT'], bologna: ['IT'],
  zurich: ['CH'], geneva: ['CH'], basel: ['CH'], lausanne: ['CH'], bern: ['CH'], vienna: ['AT'], wien: ['AT'],
  graz: ['AT'], stockholm: ['SE'], gothenburg: ['SE'], malmo: ['SE'], oslo: ['NO'], copenhagen: ['DK'], kobenhavn: ['DK'],
  aarhus: ['DK'], helsinki: ['FI'], reykjavik: ['IS'], warsaw: ['PL'], warszawa: ['PL'], krakow: ['PL'],
  wroclaw: ['PL'], gdansk: ['PL'], poznan: ['PL'], lodz: ['PL'], prague: ['CZ'], praha: ['CZ'], brno: ['CZ'],
  budapest: ['HU'], bucharest: ['RO'], bucuresti: ['RO'], cluj: ['RO'], 'cluj napoca': ['RO'], iasi: ['RO'],
  sofia: ['BG'], plovdiv: ['BG'], belgrade: ['RS'], 'novi sad': ['RS'], zagreb: ['HR'], ljubljana: ['SI'],
  bratislava: ['SK'], tallinn: ['EE'], riga: ['LV'], vilnius: ['LT'], athens: ['GR'], thessaloniki: ['GR'],
  tirana: ['AL'], sarajevo: ['BA'], skopje: ['MK'], kyiv: ['UA'], kiev: ['UA'], lviv: ['UA'], kharkiv: ['UA'],
  minsk: ['BY'], chisinau: ['MD'], moscow: ['RU'], 'saint petersburg': ['RU'], 'st petersburg': ['RU'],
  istanbul: ['TR'], ankara: ['TR'], izmir: ['TR'], nicosia: ['CY'], limassol: ['CY'], valletta: ['MT'],
  tbilisi: ['GE'], yerevan: ['AM'], baku: ['AZ'],
  // Middle East and Africa
  dubai: ['AE'], 'abu dhabi': ['AE'], doha: ['QA'], riyadh: ['SA'], jeddah: ['SA'], manama: ['BH'],
  'kuwait city': ['KW'], muscat: ['OM'], amman: ['JO'], beirut: ['LB'], 'tel aviv': ['IL'], jerusalem: ['IL'],
  haifa: ['IL'], cairo: ['EG'], alexandria: ['EG'], giza: ['EG'], casablanca: ['MA'], rabat: ['MA'],
  marrakech: ['MA'], tangier: ['MA'], agadir: ['MA'], fes: ['MA'], meknes: ['MA'], kenitra: ['MA'],
  algiers: ['DZ'], oran: ['DZ'], constantine: ['DZ'], tlemcen: ['DZ'], bejaia: ['DZ'], annaba: ['DZ'],
  setif: ['DZ'], tunis: ['TN'], sousse: ['TN'], sfax: ['TN'], lagos: ['NG'], abuja: ['NG'], accra: ['GH'],
  nairobi: ['KE'], mombasa: ['KE'], kampala: ['UG'], kigali: ['RW'], 'addis ababa': ['ET'],
  'dar es salaam': ['TZ'], 'dar es salam': ['TZ'], dakar: ['SN'], abidjan: ['CI'], bamako: ['ML'],
  douala: ['CM'], yaounde: ['CM'], brazzaville: ['CG'], 'pointe noire': ['CG'], lusaka: ['ZM'], harare: ['ZW'], kinshasa: ['CD'],
  johannesburg: ['ZA', 'Gauteng'], jhb: ['ZA', 'Gauteng'], joburg: ['ZA', 'Gauteng'], 'cape town': ['ZA', 'Western Cape'], capetown: ['ZA', 'Western Cape'],
  cpt: ['ZA', 'Western Cape'], pretoria: ['ZA', 'Gauteng'], pta: ['ZA', 'Gauteng'], durban: ['ZA', 'KwaZulu-Natal'],
  dbn: ['ZA', 'KwaZulu-Natal'], sandton: ['ZA', 'Gauteng'], stellenbosch: ['ZA', 'Western Cape'],
  centurion: ['ZA', 'Gauteng'], parow: ['ZA', 'Western Cape'], 'port elizabeth': ['ZA', 'Eastern Cape'],
  // Asia and Oceania
  singapore: ['SG'], tokyo: ['JP'], osaka: ['JP'], kyoto: ['JP'], yokohama: ['JP'], fukuoka: ['JP'],
  seoul: ['KR'], busan: ['KR'], beijing: ['CN'], shanghai: ['CN'], shenzhen: ['CN'], guangzhou: ['CN'],
  hangzhou: ['CN'], chengdu: ['CN'], taipei: ['TW'], 'taipei city': ['TW'], 'hong kong': ['HK'], 'ho chi minh': ['VN'],
  'ho chi minh city': ['VN'], hcmc: ['VN'], hanoi: ['VN'], 'da nang': ['VN'], bangkok: ['TH'], manila: ['PH'],
  'makati': ['PH'], cebu: ['PH'], jakarta: ['ID'], bali: ['ID'], 'kuala lumpur': ['MY'],
  'bayan lepas': ['MY'], 'phnom penh': ['KH'], yangon: ['MM'], dhaka: ['BD'], colombo: ['LK'], kathmandu: ['NP'],
  karachi: ['PK'], lahore: ['PK'], islamabad: ['PK'], bangalore: ['IN', 'Karnataka'], bengaluru: ['IN', 'Karnataka'],
  mumbai: ['IN', 'Maharashtra'], pune: ['IN', 'Maharashtra'], delhi: ['IN', 'Delhi'], 'new delhi': ['IN', 'Delhi'],
  gurgaon: ['IN', 'Haryana'], gurugram: ['IN', 'Haryana'], noida: ['IN', 'Uttar Pradesh'],
  hyderabad: ['IN', 'Telangana'], chennai: ['IN', 'Tamil Nadu'], kolkata: ['IN', 'West Bengal'],
  ahmedabad: ['IN', 'Gujarat'], almaty: ['KZ'], astana: ['KZ'], tashkent: ['UZ'],
  sydney: ['AU', 'NSW'], melbourne: ['AU', 'VIC'], brisbane: ['AU', 'QLD'], perth: ['AU', 'WA'],
  adelaide: ['AU', 'SA'], canberra: ['AU', 'ACT'], hobart: ['AU', 'TAS'], 'gold coast': ['AU', 'QLD'],
  auckland: ['NZ'], wellington: ['NZ'], christchurch: ['NZ'],
  // Latin America
  'mexico city': ['MX'], 'ciudad de mexico': ['MX', 'CDMX'], cdmx: ['MX', 'CDMX'], guadalajara: ['MX'],
  monterrey: ['MX'], 'sao paulo': ['BR', 'SP'], 'rio de janeiro': ['BR', 'RJ'], campinas: ['BR', 'SP'],
  'belo horizonte': ['BR', 'MG'], curitiba: ['BR', 'PR'], florianopolis: ['BR', 'SC'], 'porto alegre': ['BR', 'RS'],
  'sao jose dos campos': ['BR', 'SP'], recife: ['BR', 'PE'], brasilia: ['BR', 'DF'], 'buenos aires': ['AR'],
  cordoba: ['AR'], santiago: ['CL'], bogota: ['CO'], medellin: ['CO'], cali: ['CO'], lima: ['PE'],
  quito: ['EC'], montevideo: ['UY'], asuncion: ['PY'], 'la paz': ['BO'], caracas: ['VE'],
  'san juan': ['PR'], 'panama city': ['PA'], 'san jose costa rica': ['CR'], 'guatemala city': ['GT'],
};

/**
 * City names shared by well-known places in different countries. Alone they get no country;
 * "Cambridge, MA" or "Cambridge, UK" is decided by its qualifier.
 */
export const AMBIGUOUS_CITIES: ReadonlySet<string> = new Set([
  'cambridge', 'birmingham', 'portland', 'richmond', 'victoria', 'hamilton', 'kingston', 'springfield',
  'alexandria', 'georgetown', 'la',
]);
