// Package groundstation receives housekeeping telemetry from a small
// satellite constellation during ground passes, tracks the health of each
// spacecraft, raises anomalies and uplinks queued commands.
package groundstation

import (
	"encoding/binary"
	"errors"
	"strconv"
)

// SatID is the spacecraft identifier carried in every frame.
type SatID uint8

func (s SatID) String() string { return "SAT-" + strconv.Itoa(int(s)) }

// Spacecraft operating modes reported in telemetry.
const (
	ModeNominal byte = 'N'
	ModeSafe    byte = 'S'
	ModeDetumb  byte = 'D'
)

const (
	syncWord  = 0xEB90
	frameLen  = 14
	typeHK    = 1
	crcOffset = 12
)

// Frame is a decoded housekeeping frame.
type Frame struct {
	Sat       SatID
	Seq       uint16
	CmdAck    uint8
	BatteryMV uint16
	TempCenti int16
	Mode      byte
}

// Errors returned by Decode.
var (
	ErrShortFrame = errors.New("groundstation: short frame")
	ErrSync       = errors.New("groundstation: bad sync word")
	ErrFrameType  = errors.New("groundstation: unsupported frame type")
	ErrCRC        = errors.New("groundstation: CRC mismatch")
)

// Decode parses and checks one raw frame.
func Decode(raw []byte) (Frame, error) {
	if len(raw) < frameLen {
		return Frame{}, ErrShortFrame
	}
	if binary.BigEndian.Uint16(raw[0:2]) != syncWord {
		return Frame{}, ErrSync
	}
	if raw[5] != typeHK {
		return Frame{}, ErrFrameType
	}
	if crc16(raw[:crcOffset]) != binary.BigEndian.Uint16(raw[crcOffset:frameLen]) {
		return Frame{}, ErrCRC
	}
	return Frame{
		Sat:       SatID(raw[2]),
		Seq:       binary.BigEndian.Uint16(raw[3:5]),
		CmdAck:    raw[6],
		BatteryMV: binary.BigEndian.Uint16(raw[7:9]),
		TempCenti: int16(binary.BigEndian.Uint16(raw[9:11])),
		Mode:      raw[11],
	}, nil
}

// Encode produces the on-air representation of f. It is used by the
// simulator and in tests.
func Encode(f Frame) []byte {
	return AppendFrame(make([]byte, 0, frameLen), f)
}

// AppendFrame appends the encoded frame to dst.
func AppendFrame(dst []byte, f Frame) []byte {
	start := len(dst)
	dst = binary.BigEndian.AppendUint16(dst, syncWord)
	dst = append(dst, byte(f.Sat))
	dst = binary.BigEndian.AppendUint16(dst, f.Seq)
	dst = append(dst, typeHK, f.CmdAck)
	dst = binary.BigEndian.AppendUint16(dst, f.BatteryMV)
	dst = binary.BigEndian.AppendUint16(dst, uint16(f.TempCenti))
	dst = append(dst, f.Mode)
	return binary.BigEndian.AppendUint16(dst, crc16(dst[start:]))
}

// crc16 is CRC-16/CCITT-FALSE.
func crc16(b []byte) uint16 {
	crc := uint16(0xFFFF)
	for _, c := range b {
		crc ^= uint16(c) << 8
		for i := 0; i < 8; i++ {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ 0x1021
			} else {
				crc <<= 1
			}
		}
	}
	return crc
}
