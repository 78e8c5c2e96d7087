/**
 * What an inverter's page shows below its latest readings: the errors and events it reported, and
 * for staff what the collector last read from its datalogger.
 */
import type { Identifier } from 'react-admin';
import { useIsStaff } from '../../components/permissions';
import { CollectorState } from './CollectorState';
import { InverterEvents } from './InverterEvents';

export function InvestorDetails({ id }: { id: Identifier }) {
  const isStaff = useIsStaff();
  return (
    <>
      <InverterEvents id={id} />
      {isStaff && <CollectorState id={id} />}
    </>
  );
}
