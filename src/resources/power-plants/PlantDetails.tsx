/** What a plant's page shows staff below its fields: its alarm thresholds and how its readings come in. */
import type { Identifier } from 'react-admin';
import { useIsStaff } from '../../components/permissions';
import { AlarmThresholdsCard } from './AlarmThresholds';
import { WaysIn } from './WaysIn';

export function PlantDetails({ id }: { id: Identifier }) {
  const isStaff = useIsStaff();
  if (!isStaff) return null;
  return (
    <>
      <AlarmThresholdsCard plant={Number(id)} />
      <WaysIn id={id} />
    </>
  );
}
