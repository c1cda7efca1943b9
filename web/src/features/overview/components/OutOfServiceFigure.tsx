import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { DeviceTransmission } from '@aforo/contracts/devices';
import { devicesWithTransmissionPath } from '../../devices';

export interface OutOfServiceFigureProps {
  count: number;
  label: string;
  colour: string;
  transmission: DeviceTransmission;
  /** The network's figure: the register of every company's devices, not the current company's list. */
  network: boolean;
}

/** One count of devices out of service, a link to the devices list filtered to those devices. */
export function OutOfServiceFigure({ count, label, colour, transmission, network }: OutOfServiceFigureProps) {
  return (
    <Anchor
      component={Link}
      to={devicesWithTransmissionPath(network ? 'administration' : 'operation', transmission)}
      underline="hover"
      c="inherit"
    >
      <Stack gap={0}>
        <Text fz={28} fw={700} c={count > 0 ? colour : undefined}>
          {count}
        </Text>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Anchor>
  );
}
