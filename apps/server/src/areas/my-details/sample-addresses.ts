import { count } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { lookupAddresses } from '../../db/schema';

/**
 * The embedded address lookup's data: a few hundred sample UK addresses (houses on real-sounding
 * streets, and a block of flats per town whose flats are reached by drilling into it). A scheme that
 * needs real addresses configures ADDRESS_LOOKUP_URL instead.
 */
const towns = [
  {
    town: 'Leeds',
    county: 'West Yorkshire',
    outward: 'LS6',
    streets: ['Church Lane', 'Otley Road', 'Cardigan Road'],
  },
  { town: 'Manchester', county: null, outward: 'M3', streets: ['Quay Street', 'Deansgate', 'Bridge Street'] },
  {
    town: 'Cambridge',
    county: 'Cambridgeshire',
    outward: 'CB1',
    streets: ['Mill Road', 'Hills Road', 'Tenison Road'],
  },
  {
    town: 'Solihull',
    county: 'West Midlands',
    outward: 'B90',
    streets: ['Station Road', 'Stratford Road', 'Haslucks Green Road'],
  },
  {
    town: 'Bristol',
    county: null,
    outward: 'BS1',
    streets: ['Harbour Street', 'King Street', 'Queen Square'],
  },
  {
    town: 'Cardiff',
    county: null,
    outward: 'CF10',
    streets: ['Queen Street', 'Westgate Street', 'Charles Street'],
  },
  {
    town: 'York',
    county: 'North Yorkshire',
    outward: 'YO1',
    streets: ['The Green', 'Stonegate', 'Petergate'],
  },
  {
    town: 'Edinburgh',
    county: null,
    outward: 'EH2',
    streets: ['Castle Street', 'Rose Street', 'Thistle Street'],
  },
  {
    town: 'Oban',
    county: 'Argyll',
    outward: 'PA34',
    streets: ['Harbour View', 'George Street', 'Argyll Square'],
  },
  {
    town: 'Norwich',
    county: 'Norfolk',
    outward: 'NR2',
    streets: ['Unthank Road', 'Earlham Road', 'Colegate'],
  },
  {
    town: 'Exeter',
    county: 'Devon',
    outward: 'EX4',
    streets: ['Sidwell Street', 'Longbrook Street', 'Queen Street'],
  },
  {
    town: 'Newcastle upon Tyne',
    county: 'Tyne and Wear',
    outward: 'NE1',
    streets: ['Grey Street', 'Dean Street', 'Pilgrim Street'],
  },
  {
    town: 'Belfast',
    county: 'County Antrim',
    outward: 'BT1',
    streets: ['Donegall Street', 'High Street', 'Victoria Street'],
  },
  {
    town: 'Brighton',
    county: 'East Sussex',
    outward: 'BN1',
    streets: ['North Road', 'Church Street', 'Gloucester Road'],
  },
  {
    town: 'Oxford',
    county: 'Oxfordshire',
    outward: 'OX1',
    streets: ['High Street', 'Broad Street', 'Walton Street'],
  },
  {
    town: 'Nottingham',
    county: 'Nottinghamshire',
    outward: 'NG1',
    streets: ['Mansfield Road', 'Derby Road', 'Castle Gate'],
  },
  { town: 'Swansea', county: null, outward: 'SA1', streets: ['Wind Street', 'Walter Road', 'Mansel Street'] },
  {
    town: 'Aberdeen',
    county: null,
    outward: 'AB10',
    streets: ['Union Street', 'Crown Street', 'Bon Accord Street'],
  },
  {
    town: 'Liverpool',
    county: 'Merseyside',
    outward: 'L1',
    streets: ['Bold Street', 'Hanover Street', 'Duke Street'],
  },
  {
    town: 'London',
    county: null,
    outward: 'SE1',
    streets: ['Borough High Street', 'Union Street', 'Southwark Street'],
  },
];
const inwardLetters = 'ABDEFGHJLNPQRSTUWXYZ';
const HOUSES_PER_STREET = 5;
const FLATS_PER_BLOCK = 6;

type Row = typeof lookupAddresses.$inferInsert;

const postcodeFor = (outward: string, index: number) =>
  `${outward} ${(index % 9) + 1}${inwardLetters[index % 20]}${inwardLetters[(index * 7) % 20]}`;

const row = (fields: Omit<Row, 'searchText' | 'countryCode'>): Row => ({
  ...fields,
  countryCode: 'GB',
  searchText: [
    ...fields.lines,
    fields.town,
    fields.county ?? '',
    fields.postcode,
    fields.postcode.replace(' ', ''),
  ]
    .join(' ')
    .toLowerCase(),
});

export function sampleAddresses(): Row[] {
  return towns.flatMap(({ town, county, outward, streets }, townIndex) => {
    const houses = streets.flatMap((street, streetIndex) =>
      Array.from({ length: HOUSES_PER_STREET }, (_, house) => {
        const number = house * 2 + 1 + streetIndex * 10;
        return row({
          id: `gb-${townIndex}-${streetIndex}-${number}`,
          kind: 'Address',
          lines: [`${number} ${street}`],
          town,
          county,
          postcode: postcodeFor(outward, townIndex + streetIndex * 3 + house),
        });
      }),
    );
    const blockId = `gb-${townIndex}-block`;
    const blockPostcode = postcodeFor(outward, townIndex + 11);
    const block = row({
      id: blockId,
      kind: 'Container',
      lines: ['Riverside House', `22 ${streets[0]}`],
      town,
      county,
      postcode: blockPostcode,
    });
    const flats = Array.from({ length: FLATS_PER_BLOCK }, (_, flat) =>
      row({
        id: `${blockId}-${flat + 1}`,
        containerId: blockId,
        kind: 'Address',
        lines: [`Flat ${flat + 1}`, 'Riverside House', `22 ${streets[0]}`],
        town,
        county,
        postcode: blockPostcode,
      }),
    );
    return [...houses, block, ...flats];
  });
}

/** Loads the sample addresses into an empty lookup table. */
export async function seedSampleAddresses(db: Database): Promise<number> {
  const [existing] = await db.select({ value: count() }).from(lookupAddresses);
  if ((existing?.value ?? 0) > 0) return 0;
  const rows = sampleAddresses();
  await db.insert(lookupAddresses).values(rows);
  return rows.length;
}
