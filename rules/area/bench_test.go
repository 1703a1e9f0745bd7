package area

import "testing"

// The largest areas (1,000 ft) with each method.
func BenchmarkSquares(b *testing.B) {
	for _, tc := range []struct {
		name string
		a    Area
	}{
		{"sphere/template", Area{Shape: Sphere, Method: Template, Size: MaxFeet}},
		{"sphere/half", Area{Shape: Sphere, Method: Half, Size: MaxFeet}},
		{"sphere/token", Area{Shape: Sphere, Method: Token, Size: MaxFeet}},
		{"cone/half", Area{Shape: Cone, Method: Half, Size: MaxFeet, Dir: 30}},
		{"cone/token", Area{Shape: Cone, Method: Token, Size: MaxFeet, Dir: NorthEast}},
		{"line/template/wide", Area{Shape: Line, Method: Template, Size: MaxFeet, Width: MaxFeet, Dir: 45}},
		{"fireball/half", Area{Shape: Sphere, Method: Half, Size: 20}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Squares(tc.a); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkContains(b *testing.B) {
	a := Area{Shape: Cone, Method: Half, Size: 60, Dir: 30}
	for b.Loop() {
		Contains(a, 3, -5)
	}
}
