package wave

import "testing"

func TestGenerateIsDeterministic(t *testing.T) {
	a, b := Generate(5, 42), Generate(5, 42)
	if len(a.Spawns) != 14 || len(a.Spawns) != len(b.Spawns) {
		t.Fatalf("spawns = %d / %d", len(a.Spawns), len(b.Spawns))
	}
	for i := range a.Spawns {
		if a.Spawns[i] != b.Spawns[i] {
			t.Fatalf("spawn %d differs", i)
		}
	}
	if a.Spawns[0].Delay != 0 {
		t.Error("first spawn is delayed")
	}
	for _, s := range Generate(1, 7).Spawns {
		if s.Kind != Grunt {
			t.Errorf("wave 1 has a %v", s.Kind)
		}
	}
}

func TestSpawnerReleasesOnSchedule(t *testing.T) {
	var s Spawner
	if _, ok := s.Tick(); ok || s.Active() {
		t.Fatal("empty spawner spawned")
	}
	s.Load(Wave{N: 2, Spawns: []Spawn{{Grunt, 0}, {Runner, 2}, {Tank, 0}}})
	var got []Kind
	for i := 0; i < 10; i++ {
		if k, ok := s.Tick(); ok {
			got = append(got, k)
		}
	}
	if len(got) != 3 || got[1] != Runner || s.Active() || s.Wave() != 2 {
		t.Errorf("got %v, active %v", got, s.Active())
	}
}
