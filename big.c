struct s { int a; long b; } y;
int pad[1 << 16] = { 1 };
