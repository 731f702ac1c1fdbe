/* Written by ltsym: the RERS Promela encoding of a parallel LTS system */

/* Actions (message types) */
mtype = { nop, c12_t0__c0_t0, c5_t1__c0_t2, c0_t1__c15_t1, c3_t2__c1_t3, c13_t0__c1_t0, c1_t2__c3_t1, c18_t0__c1_t4, c1_t5__c15_t2, c1_t1__c9_t0, c2_t0__c19_t2, c2_t1__c8_t2, c10_t2__c4_t3, c11_t0__c4_t1, c4_t0__c10_t1, c4_t4__c12_t3, c12_t1__c4_t2, c6_t0__c5_t0, c5_t2__c6_t2, c6_t3__c23_t4, c6_t1__c23_t2, c7_t1, c7_t0, c7_t4, c10_t0__c7_t2, c8_t0__c21_t0, c8_t3__c21_t3, c12_t2__c8_t1, c22_t2__c11_t1, c19_t3, c20_t3__c19_t4, c19_t0, c20_t1, c20_t4, c20_t2, c21_t4, c21_t1, c21_t2, c22_t1, c22_t0, c23_t0, c23_t3, c23_t1 };

/* Inter-process channels */
chan p3_1 = [0] of {mtype};
chan p5_0 = [0] of {mtype};
chan p6_5 = [0] of {mtype};
chan p8_2 = [0] of {mtype};
chan p9_1 = [0] of {mtype};
chan p10_4 = [0] of {mtype};
chan p10_7 = [0] of {mtype};
chan p11_4 = [0] of {mtype};
chan p12_0 = [0] of {mtype};
chan p12_4 = [0] of {mtype};
chan p12_8 = [0] of {mtype};
chan p13_1 = [0] of {mtype};
chan p15_0 = [0] of {mtype};
chan p15_1 = [0] of {mtype};
chan p18_1 = [0] of {mtype};
chan p19_2 = [0] of {mtype};
chan p20_19 = [0] of {mtype};
chan p21_8 = [0] of {mtype};
chan p22_11 = [0] of {mtype};
chan p23_6 = [0] of {mtype};

/* Environment<->process channels */
chan p0 = [0] of {mtype};
chan p1 = [0] of {mtype};
chan p2 = [0] of {mtype};
chan p3 = [0] of {mtype};
chan p4 = [0] of {mtype};
chan p5 = [0] of {mtype};
chan p6 = [0] of {mtype};
chan p7 = [0] of {mtype};
chan p8 = [0] of {mtype};
chan p9 = [0] of {mtype};
chan p10 = [0] of {mtype};
chan p11 = [0] of {mtype};
chan p12 = [0] of {mtype};
chan p13 = [0] of {mtype};
chan p14 = [0] of {mtype};
chan p15 = [0] of {mtype};
chan p16 = [0] of {mtype};
chan p17 = [0] of {mtype};
chan p18 = [0] of {mtype};
chan p19 = [0] of {mtype};
chan p20 = [0] of {mtype};
chan p21 = [0] of {mtype};
chan p22 = [0] of {mtype};
chan p23 = [0] of {mtype};

/* Environment process */
active proctype Environment()
{
  do
  :: p0 ! nop
  :: p1 ! nop
  :: p2 ! nop
  :: p3 ! nop
  :: p4 ! nop
  :: p5 ! nop
  :: p6 ! nop
  :: p7 ! c7_t1
  :: p7 ! c7_t0
  :: p7 ! c7_t4
  :: p7 ! nop
  :: p8 ! nop
  :: p9 ! nop
  :: p10 ! nop
  :: p11 ! nop
  :: p12 ! nop
  :: p13 ! nop
  :: p14 ! nop
  :: p15 ! nop
  :: p16 ! nop
  :: p17 ! nop
  :: p18 ! nop
  :: p19 ! c19_t3
  :: p19 ! c19_t0
  :: p19 ! nop
  :: p20 ! c20_t1
  :: p20 ! c20_t4
  :: p20 ! c20_t2
  :: p20 ! nop
  :: p21 ! c21_t4
  :: p21 ! c21_t1
  :: p21 ! c21_t2
  :: p21 ! nop
  :: p22 ! c22_t1
  :: p22 ! c22_t0
  :: p22 ! nop
  :: p23 ! c23_t0
  :: p23 ! c23_t3
  :: p23 ! c23_t1
  :: p23 ! nop
  od
}

/* Action channel */
chan act = [0] of {mtype};

/* Most recent message event */
mtype lastAction = nop;

/* Action listener */
active proctype Listener()
{
  atomic {
    do
    :: act ? lastAction ->
  step: skip
    od
  }
}

/* Process 0 (component `component0`) */
active proctype Proc0()
{
  int state = 0;
  do
  :: state == 0 ->
    atomic {
      if
      :: p0 ? nop ->
        state = 1;
      fi
    }
  :: state == 1 ->
    atomic {
      if
      :: p12_0 ? c12_t0__c0_t0 ->
        act ! c12_t0__c0_t0;
        state = 2;
      fi
    }
  :: state == 2 ->
    atomic {
      if
      :: p5_0 ? c5_t1__c0_t2 ->
        act ! c5_t1__c0_t2;
        state = 3;
      fi
    }
  :: state == 3 ->
    atomic {
      if
      :: p12_0 ? c12_t0__c0_t0 ->
        act ! c12_t0__c0_t0;
        state = 4;
      :: p12_0 ? c12_t0__c0_t0 ->
        act ! c12_t0__c0_t0;
        state = 7;
      :: p5_0 ? c5_t1__c0_t2 ->
        act ! c5_t1__c0_t2;
        state = 6;
      fi
    }
  :: state == 4 ->
    atomic {
      if
      :: p12_0 ? c12_t0__c0_t0 ->
        act ! c12_t0__c0_t0;
        state = 5;
      fi
    }
  :: state == 5 ->
    atomic {
      if
      :: p12_0 ? c12_t0__c0_t0 ->
        act ! c12_t0__c0_t0;
        state = 6;
      :: p15_0 ? c0_t1__c15_t1 ->
        act ! c0_t1__c15_t1;
        state = 2;
      fi
    }
  :: state == 6 ->
    atomic {
      if
      :: p5_0 ? c5_t1__c0_t2 ->
        act ! c5_t1__c0_t2;
        state = 7;
      fi
    }
  :: state == 7 ->
    atomic {
      if
      :: p5_0 ? c5_t1__c0_t2 ->
        act ! c5_t1__c0_t2;
        state = 8;
      fi
    }
  :: state == 8 ->
    atomic {
      if
      :: p5_0 ? c5_t1__c0_t2 ->
        act ! c5_t1__c0_t2;
        state = 9;
      fi
    }
  :: state == 9 ->
    atomic {
      if
      :: p15_0 ? c0_t1__c15_t1 ->
        act ! c0_t1__c15_t1;
        state = 1;
      :: p15_0 ? c0_t1__c15_t1 ->
        act ! c0_t1__c15_t1;
        state = 4;
      fi
    }
  od
}

/* Process 1 (component `component1`) */
active proctype Proc1()
{
  int state = 10;
  do
  :: state == 10 ->
    atomic {
      if
      :: p1 ? nop ->
        state = 11;
      fi
    }
  :: state == 11 ->
    atomic {
      if
      :: p3_1 ? c3_t2__c1_t3 ->
        act ! c3_t2__c1_t3;
        state = 12;
      :: p13_1 ? c13_t0__c1_t0 ->
        act ! c13_t0__c1_t0;
        state = 11;
      :: p3_1 ? c1_t2__c3_t1 ->
        act ! c1_t2__c3_t1;
        state = 13;
      :: p18_1 ? c18_t0__c1_t4 ->
        act ! c18_t0__c1_t4;
        state = 14;
      :: p15_1 ? c1_t5__c15_t2 ->
        act ! c1_t5__c15_t2;
        state = 15;
      :: p9_1 ? c1_t1__c9_t0 ->
        act ! c1_t1__c9_t0;
        state = 16;
      fi
    }
  :: state == 12 ->
    atomic {
      if
      :: p3_1 ? c3_t2__c1_t3 ->
        act ! c3_t2__c1_t3;
        state = 12;
      fi
    }
  :: state == 13 ->
    atomic {
      if
      :: p13_1 ? c13_t0__c1_t0 ->
        act ! c13_t0__c1_t0;
        state = 17;
      fi
    }
  :: state == 14 ->
    atomic {
      if
      :: p13_1 ? c13_t0__c1_t0 ->
        act ! c13_t0__c1_t0;
        state = 14;
      fi
    }
  :: state == 15 ->
    atomic {
      if
      :: p13_1 ? c13_t0__c1_t0 ->
        act ! c13_t0__c1_t0;
        state = 15;
      fi
    }
  :: state == 16 ->
    atomic {
      if
      :: p3_1 ? c3_t2__c1_t3 ->
        act ! c3_t2__c1_t3;
        state = 18;
      fi
    }
  :: state == 17 ->
    atomic {
      if
      :: p13_1 ? c13_t0__c1_t0 ->
        act ! c13_t0__c1_t0;
        state = 17;
      fi
    }
  :: state == 18 ->
    atomic {
      if
      :: p3_1 ? c3_t2__c1_t3 ->
        act ! c3_t2__c1_t3;
        state = 18;
      :: p13_1 ? c13_t0__c1_t0 ->
        act ! c13_t0__c1_t0;
        state = 19;
      fi
    }
  :: state == 19 ->
    atomic {
      if
      :: p3_1 ? c3_t2__c1_t3 ->
        act ! c3_t2__c1_t3;
        state = 19;
      fi
    }
  od
}

/* Process 2 (component `component2`) */
active proctype Proc2()
{
  int state = 20;
  do
  :: state == 20 ->
    atomic {
      if
      :: p2 ? nop ->
        state = 21;
      fi
    }
  :: state == 21 ->
    atomic {
      if
      :: p19_2 ? c2_t0__c19_t2 ->
        act ! c2_t0__c19_t2;
        state = 22;
      fi
    }
  :: state == 22 ->
    atomic {
      if
      :: p19_2 ? c2_t0__c19_t2 ->
        act ! c2_t0__c19_t2;
        state = 23;
      :: p19_2 ? c2_t0__c19_t2 ->
        act ! c2_t0__c19_t2;
        state = 26;
      fi
    }
  :: state == 23 ->
    atomic {
      if
      :: p19_2 ? c2_t0__c19_t2 ->
        act ! c2_t0__c19_t2;
        state = 24;
      fi
    }
  :: state == 24 ->
    atomic {
      if
      :: p19_2 ? c2_t0__c19_t2 ->
        act ! c2_t0__c19_t2;
        state = 25;
      :: p8_2 ? c2_t1__c8_t2 ->
        act ! c2_t1__c8_t2;
        state = 22;
      fi
    }
  :: state == 25 ->
    atomic {
      if
      :: p19_2 ? c2_t0__c19_t2 ->
        act ! c2_t0__c19_t2;
        state = 26;
      :: p19_2 ? c2_t0__c19_t2 ->
        act ! c2_t0__c19_t2;
        state = 28;
      fi
    }
  :: state == 26 ->
    atomic {
      if
      :: p19_2 ? c2_t0__c19_t2 ->
        act ! c2_t0__c19_t2;
        state = 27;
      fi
    }
  :: state == 27 ->
    atomic {
      if
      :: p19_2 ? c2_t0__c19_t2 ->
        act ! c2_t0__c19_t2;
        state = 28;
      fi
    }
  :: state == 28 ->
    atomic {
      if
      :: p8_2 ? c2_t1__c8_t2 ->
        act ! c2_t1__c8_t2;
        state = 21;
      :: p8_2 ? c2_t1__c8_t2 ->
        act ! c2_t1__c8_t2;
        state = 28;
      fi
    }
  od
}

/* Process 3 (component `component3`) */
active proctype Proc3()
{
  int state = 29;
  do
  :: state == 29 ->
    atomic {
      if
      :: p3 ? nop ->
        state = 30;
      fi
    }
  :: state == 30 ->
    atomic {
      if
      :: p3_1 ! c3_t2__c1_t3 ->
        state = 31;
      :: p3_1 ! c1_t2__c3_t1 ->
        state = 31;
      fi
    }
  :: state == 31 ->
    atomic {
      if
      :: p3_1 ! c3_t2__c1_t3 ->
        state = 31;
      :: p3_1 ! c1_t2__c3_t1 ->
        state = 32;
      fi
    }
  :: state == 32 ->
    atomic {
      if
      :: p3_1 ! c3_t2__c1_t3 ->
        state = 32;
      fi
    }
  od
}

/* Process 4 (component `component4`) */
active proctype Proc4()
{
  int state = 33;
  do
  :: state == 33 ->
    atomic {
      if
      :: p4 ? nop ->
        state = 34;
      fi
    }
  :: state == 34 ->
    atomic {
      if
      :: p10_4 ? c10_t2__c4_t3 ->
        act ! c10_t2__c4_t3;
        state = 35;
      :: p11_4 ? c11_t0__c4_t1 ->
        act ! c11_t0__c4_t1;
        state = 35;
      fi
    }
  :: state == 35 ->
    atomic {
      if
      :: p11_4 ? c11_t0__c4_t1 ->
        act ! c11_t0__c4_t1;
        state = 36;
      fi
    }
  :: state == 36 ->
    atomic {
      if
      :: p10_4 ? c4_t0__c10_t1 ->
        act ! c4_t0__c10_t1;
        state = 37;
      fi
    }
  :: state == 37 ->
    atomic {
      if
      :: p11_4 ? c11_t0__c4_t1 ->
        act ! c11_t0__c4_t1;
        state = 38;
      :: p10_4 ? c4_t0__c10_t1 ->
        act ! c4_t0__c10_t1;
        state = 42;
      :: p12_4 ? c4_t4__c12_t3 ->
        act ! c4_t4__c12_t3;
        state = 35;
      :: p12_4 ? c12_t1__c4_t2 ->
        act ! c12_t1__c4_t2;
        state = 35;
      fi
    }
  :: state == 38 ->
    atomic {
      if
      :: p11_4 ? c11_t0__c4_t1 ->
        act ! c11_t0__c4_t1;
        state = 39;
      fi
    }
  :: state == 39 ->
    atomic {
      if
      :: p10_4 ? c4_t0__c10_t1 ->
        act ! c4_t0__c10_t1;
        state = 40;
      fi
    }
  :: state == 40 ->
    atomic {
      if
      :: p10_4 ? c10_t2__c4_t3 ->
        act ! c10_t2__c4_t3;
        state = 41;
      fi
    }
  :: state == 41 ->
    atomic {
      if
      :: p10_4 ? c4_t0__c10_t1 ->
        act ! c4_t0__c10_t1;
        state = 42;
      fi
    }
  :: state == 42 ->
    atomic {
      if
      :: p12_4 ? c4_t4__c12_t3 ->
        act ! c4_t4__c12_t3;
        state = 34;
      :: p12_4 ? c12_t1__c4_t2 ->
        act ! c12_t1__c4_t2;
        state = 34;
      fi
    }
  od
}

/* Process 5 (component `component5`) */
active proctype Proc5()
{
  int state = 43;
  do
  :: state == 43 ->
    atomic {
      if
      :: p5 ? nop ->
        state = 44;
      fi
    }
  :: state == 44 ->
    atomic {
      if
      :: p6_5 ? c6_t0__c5_t0 ->
        act ! c6_t0__c5_t0;
        state = 45;
      fi
    }
  :: state == 45 ->
    atomic {
      if
      :: p6_5 ? c5_t2__c6_t2 ->
        act ! c5_t2__c6_t2;
        state = 46;
      fi
    }
  :: state == 46 ->
    atomic {
      if
      :: p6_5 ? c6_t0__c5_t0 ->
        act ! c6_t0__c5_t0;
        state = 47;
      :: p6_5 ? c5_t2__c6_t2 ->
        act ! c5_t2__c6_t2;
        state = 48;
      fi
    }
  :: state == 47 ->
    atomic {
      if
      :: p6_5 ? c5_t2__c6_t2 ->
        act ! c5_t2__c6_t2;
        state = 48;
      fi
    }
  :: state == 48 ->
    atomic {
      if
      :: p6_5 ? c5_t2__c6_t2 ->
        act ! c5_t2__c6_t2;
        state = 49;
      fi
    }
  :: state == 49 ->
    atomic {
      if
      :: p6_5 ? c5_t2__c6_t2 ->
        act ! c5_t2__c6_t2;
        state = 50;
      fi
    }
  :: state == 50 ->
    atomic {
      if
      :: p6_5 ? c6_t0__c5_t0 ->
        act ! c6_t0__c5_t0;
        state = 51;
      fi
    }
  :: state == 51 ->
    atomic {
      if
      :: p5_0 ! c5_t1__c0_t2 ->
        state = 50;
      :: p6_5 ? c6_t0__c5_t0 ->
        act ! c6_t0__c5_t0;
        state = 52;
      fi
    }
  :: state == 52 ->
    atomic {
      if
      :: p5_0 ! c5_t1__c0_t2 ->
        state = 44;
      :: p5_0 ! c5_t1__c0_t2 ->
        state = 47;
      fi
    }
  od
}

/* Process 6 (component `component6`) */
active proctype Proc6()
{
  int state = 53;
  do
  :: state == 53 ->
    atomic {
      if
      :: p6 ? nop ->
        state = 54;
      fi
    }
  :: state == 54 ->
    atomic {
      if
      :: p23_6 ? c6_t3__c23_t4 ->
        act ! c6_t3__c23_t4;
        state = 55;
      :: p23_6 ? c6_t3__c23_t4 ->
        act ! c6_t3__c23_t4;
        state = 60;
      fi
    }
  :: state == 55 ->
    atomic {
      if
      :: p23_6 ? c6_t1__c23_t2 ->
        act ! c6_t1__c23_t2;
        state = 56;
      :: p23_6 ? c6_t1__c23_t2 ->
        act ! c6_t1__c23_t2;
        state = 62;
      fi
    }
  :: state == 56 ->
    atomic {
      if
      :: p23_6 ? c6_t3__c23_t4 ->
        act ! c6_t3__c23_t4;
        state = 57;
      fi
    }
  :: state == 57 ->
    atomic {
      if
      :: p23_6 ? c6_t3__c23_t4 ->
        act ! c6_t3__c23_t4;
        state = 58;
      fi
    }
  :: state == 58 ->
    atomic {
      if
      :: p6_5 ! c6_t0__c5_t0 ->
        state = 56;
      :: p6_5 ! c5_t2__c6_t2 ->
        state = 56;
      :: p23_6 ? c6_t3__c23_t4 ->
        act ! c6_t3__c23_t4;
        state = 59;
      :: p23_6 ? c6_t3__c23_t4 ->
        act ! c6_t3__c23_t4;
        state = 61;
      fi
    }
  :: state == 59 ->
    atomic {
      if
      :: p23_6 ? c6_t3__c23_t4 ->
        act ! c6_t3__c23_t4;
        state = 60;
      fi
    }
  :: state == 60 ->
    atomic {
      if
      :: p23_6 ? c6_t1__c23_t2 ->
        act ! c6_t1__c23_t2;
        state = 61;
      fi
    }
  :: state == 61 ->
    atomic {
      if
      :: p23_6 ? c6_t3__c23_t4 ->
        act ! c6_t3__c23_t4;
        state = 62;
      fi
    }
  :: state == 62 ->
    atomic {
      if
      :: p6_5 ! c6_t0__c5_t0 ->
        state = 54;
      :: p6_5 ! c5_t2__c6_t2 ->
        state = 54;
      fi
    }
  od
}

/* Process 7 (component `component7`) */
active proctype Proc7()
{
  int state = 63;
  do
  :: state == 63 ->
    atomic {
      if
      :: p7 ? nop ->
        state = 64;
      fi
    }
  :: state == 64 ->
    atomic {
      if
      :: p7 ? c7_t1 ->
        act ! c7_t1;
        state = 65;
      fi
    }
  :: state == 65 ->
    atomic {
      if
      :: p7 ? c7_t0 ->
        act ! c7_t0;
        state = 66;
      :: p7 ? c7_t0 ->
        act ! c7_t0;
        state = 72;
      :: p7 ? c7_t4 ->
        act ! c7_t4;
        state = 68;
      fi
    }
  :: state == 66 ->
    atomic {
      if
      :: p7 ? c7_t4 ->
        act ! c7_t4;
        state = 67;
      :: p10_7 ? c10_t0__c7_t2 ->
        act ! c10_t0__c7_t2;
        state = 65;
      fi
    }
  :: state == 67 ->
    atomic {
      if
      :: p7 ? c7_t4 ->
        act ! c7_t4;
        state = 68;
      fi
    }
  :: state == 68 ->
    atomic {
      if
      :: p7 ? c7_t1 ->
        act ! c7_t1;
        state = 69;
      fi
    }
  :: state == 69 ->
    atomic {
      if
      :: p7 ? c7_t0 ->
        act ! c7_t0;
        state = 70;
      fi
    }
  :: state == 70 ->
    atomic {
      if
      :: p7 ? c7_t1 ->
        act ! c7_t1;
        state = 71;
      :: p10_7 ? c10_t0__c7_t2 ->
        act ! c10_t0__c7_t2;
        state = 65;
      fi
    }
  :: state == 71 ->
    atomic {
      if
      :: p7 ? c7_t0 ->
        act ! c7_t0;
        state = 72;
      fi
    }
  :: state == 72 ->
    atomic {
      if
      :: p10_7 ? c10_t0__c7_t2 ->
        act ! c10_t0__c7_t2;
        state = 64;
      fi
    }
  od
}

/* Process 8 (component `component8`) */
active proctype Proc8()
{
  int state = 73;
  do
  :: state == 73 ->
    atomic {
      if
      :: p8 ? nop ->
        state = 74;
      fi
    }
  :: state == 74 ->
    atomic {
      if
      :: p8_2 ! c2_t1__c8_t2 ->
        state = 75;
      fi
    }
  :: state == 75 ->
    atomic {
      if
      :: p8_2 ! c2_t1__c8_t2 ->
        state = 76;
      :: p21_8 ? c8_t0__c21_t0 ->
        act ! c8_t0__c21_t0;
        state = 81;
      fi
    }
  :: state == 76 ->
    atomic {
      if
      :: p21_8 ? c8_t3__c21_t3 ->
        act ! c8_t3__c21_t3;
        state = 77;
      fi
    }
  :: state == 77 ->
    atomic {
      if
      :: p21_8 ? c8_t3__c21_t3 ->
        act ! c8_t3__c21_t3;
        state = 78;
      fi
    }
  :: state == 78 ->
    atomic {
      if
      :: p21_8 ? c8_t3__c21_t3 ->
        act ! c8_t3__c21_t3;
        state = 79;
      fi
    }
  :: state == 79 ->
    atomic {
      if
      :: p21_8 ? c8_t3__c21_t3 ->
        act ! c8_t3__c21_t3;
        state = 80;
      :: p12_8 ? c12_t2__c8_t1 ->
        act ! c12_t2__c8_t1;
        state = 74;
      :: p12_8 ? c12_t2__c8_t1 ->
        act ! c12_t2__c8_t1;
        state = 78;
      fi
    }
  :: state == 80 ->
    atomic {
      if
      :: p21_8 ? c8_t0__c21_t0 ->
        act ! c8_t0__c21_t0;
        state = 81;
      :: p21_8 ? c8_t3__c21_t3 ->
        act ! c8_t3__c21_t3;
        state = 82;
      fi
    }
  :: state == 81 ->
    atomic {
      if
      :: p21_8 ? c8_t3__c21_t3 ->
        act ! c8_t3__c21_t3;
        state = 82;
      fi
    }
  :: state == 82 ->
    atomic {
      if
      :: p12_8 ? c12_t2__c8_t1 ->
        act ! c12_t2__c8_t1;
        state = 74;
      fi
    }
  od
}

/* Process 9 (component `component9`) */
active proctype Proc9()
{
  int state = 83;
  do
  :: state == 83 ->
    atomic {
      if
      :: p9 ? nop ->
        state = 84;
      fi
    }
  :: state == 84 ->
    atomic {
      if
      :: p9_1 ! c1_t1__c9_t0 ->
        state = 85;
      fi
    }
  :: state == 85 ->
    atomic {
      if
      :: p9_1 ! c1_t1__c9_t0 ->
        state = 85;
      fi
    }
  od
}

/* Process 10 (component `component10`) */
active proctype Proc10()
{
  int state = 86;
  do
  :: state == 86 ->
    atomic {
      if
      :: p10 ? nop ->
        state = 87;
      fi
    }
  :: state == 87 ->
    atomic {
      if
      :: p10_7 ! c10_t0__c7_t2 ->
        state = 88;
      :: p10_7 ! c10_t0__c7_t2 ->
        state = 92;
      fi
    }
  :: state == 88 ->
    atomic {
      if
      :: p10_7 ! c10_t0__c7_t2 ->
        state = 89;
      fi
    }
  :: state == 89 ->
    atomic {
      if
      :: p10_7 ! c10_t0__c7_t2 ->
        state = 90;
      fi
    }
  :: state == 90 ->
    atomic {
      if
      :: p10_7 ! c10_t0__c7_t2 ->
        state = 91;
      fi
    }
  :: state == 91 ->
    atomic {
      if
      :: p10_4 ! c10_t2__c4_t3 ->
        state = 91;
      :: p10_4 ! c4_t0__c10_t1 ->
        state = 91;
      :: p10_7 ! c10_t0__c7_t2 ->
        state = 92;
      fi
    }
  :: state == 92 ->
    atomic {
      if
      :: p10_4 ! c10_t2__c4_t3 ->
        state = 87;
      :: p10_4 ! c4_t0__c10_t1 ->
        state = 87;
      :: p10_7 ! c10_t0__c7_t2 ->
        state = 93;
      fi
    }
  :: state == 93 ->
    atomic {
      if
      :: p10_4 ! c10_t2__c4_t3 ->
        state = 89;
      :: p10_4 ! c4_t0__c10_t1 ->
        state = 89;
      :: p10_7 ! c10_t0__c7_t2 ->
        state = 94;
      fi
    }
  :: state == 94 ->
    atomic {
      if
      :: p10_4 ! c10_t2__c4_t3 ->
        state = 87;
      :: p10_4 ! c4_t0__c10_t1 ->
        state = 87;
      fi
    }
  od
}

/* Process 11 (component `component11`) */
active proctype Proc11()
{
  int state = 95;
  do
  :: state == 95 ->
    atomic {
      if
      :: p11 ? nop ->
        state = 96;
      fi
    }
  :: state == 96 ->
    atomic {
      if
      :: p22_11 ? c22_t2__c11_t1 ->
        act ! c22_t2__c11_t1;
        state = 97;
      fi
    }
  :: state == 97 ->
    atomic {
      if
      :: p22_11 ? c22_t2__c11_t1 ->
        act ! c22_t2__c11_t1;
        state = 98;
      fi
    }
  :: state == 98 ->
    atomic {
      if
      :: p22_11 ? c22_t2__c11_t1 ->
        act ! c22_t2__c11_t1;
        state = 99;
      fi
    }
  :: state == 99 ->
    atomic {
      if
      :: p22_11 ? c22_t2__c11_t1 ->
        act ! c22_t2__c11_t1;
        state = 100;
      fi
    }
  :: state == 100 ->
    atomic {
      if
      :: p22_11 ? c22_t2__c11_t1 ->
        act ! c22_t2__c11_t1;
        state = 101;
      fi
    }
  :: state == 101 ->
    atomic {
      if
      :: p11_4 ! c11_t0__c4_t1 ->
        state = 99;
      :: p22_11 ? c22_t2__c11_t1 ->
        act ! c22_t2__c11_t1;
        state = 102;
      fi
    }
  :: state == 102 ->
    atomic {
      if
      :: p11_4 ! c11_t0__c4_t1 ->
        state = 99;
      :: p22_11 ? c22_t2__c11_t1 ->
        act ! c22_t2__c11_t1;
        state = 103;
      fi
    }
  :: state == 103 ->
    atomic {
      if
      :: p11_4 ! c11_t0__c4_t1 ->
        state = 96;
      fi
    }
  od
}

/* Process 12 (component `component12`) */
active proctype Proc12()
{
  int state = 104;
  do
  :: state == 104 ->
    atomic {
      if
      :: p12 ? nop ->
        state = 105;
      fi
    }
  :: state == 105 ->
    atomic {
      if
      :: p12_4 ! c4_t4__c12_t3 ->
        state = 110;
      :: p12_4 ! c12_t1__c4_t2 ->
        state = 106;
      fi
    }
  :: state == 106 ->
    atomic {
      if
      :: p12_4 ! c4_t4__c12_t3 ->
        state = 107;
      fi
    }
  :: state == 107 ->
    atomic {
      if
      :: p12_4 ! c12_t1__c4_t2 ->
        state = 108;
      fi
    }
  :: state == 108 ->
    atomic {
      if
      :: p12_0 ! c12_t0__c0_t0 ->
        state = 107;
      :: p12_8 ! c12_t2__c8_t1 ->
        state = 109;
      fi
    }
  :: state == 109 ->
    atomic {
      if
      :: p12_4 ! c12_t1__c4_t2 ->
        state = 110;
      fi
    }
  :: state == 110 ->
    atomic {
      if
      :: p12_4 ! c4_t4__c12_t3 ->
        state = 111;
      :: p12_8 ! c12_t2__c8_t1 ->
        state = 113;
      fi
    }
  :: state == 111 ->
    atomic {
      if
      :: p12_4 ! c4_t4__c12_t3 ->
        state = 112;
      fi
    }
  :: state == 112 ->
    atomic {
      if
      :: p12_0 ! c12_t0__c0_t0 ->
        state = 110;
      :: p12_8 ! c12_t2__c8_t1 ->
        state = 113;
      fi
    }
  :: state == 113 ->
    atomic {
      if
      :: p12_0 ! c12_t0__c0_t0 ->
        state = 105;
      fi
    }
  od
}

/* Process 13 (component `component13`) */
active proctype Proc13()
{
  int state = 114;
  do
  :: state == 114 ->
    atomic {
      if
      :: p13 ? nop ->
        state = 115;
      fi
    }
  :: state == 115 ->
    atomic {
      if
      :: p13_1 ! c13_t0__c1_t0 ->
        state = 115;
      fi
    }
  od
}

/* Process 14 (component `component14`) */
active proctype Proc14()
{
  int state = 116;
  do
  :: state == 116 ->
    atomic {
      if
      :: p14 ? nop ->
        state = 117;
      fi
    }
  od
}

/* Process 15 (component `component15`) */
active proctype Proc15()
{
  int state = 118;
  do
  :: state == 118 ->
    atomic {
      if
      :: p15 ? nop ->
        state = 119;
      fi
    }
  :: state == 119 ->
    atomic {
      if
      :: p15_0 ! c0_t1__c15_t1 ->
        state = 121;
      :: p15_1 ! c1_t5__c15_t2 ->
        state = 120;
      fi
    }
  :: state == 120 ->
    atomic {
      if
      :: p15_0 ! c0_t1__c15_t1 ->
        state = 122;
      :: p15_1 ! c1_t5__c15_t2 ->
        state = 120;
      fi
    }
  :: state == 121 ->
    atomic {
      if
      :: p15_1 ! c1_t5__c15_t2 ->
        state = 120;
      fi
    }
  :: state == 122 ->
    atomic {
      if
      :: p15_1 ! c1_t5__c15_t2 ->
        state = 120;
      fi
    }
  od
}

/* Process 16 (component `component16`) */
active proctype Proc16()
{
  int state = 123;
  do
  :: state == 123 ->
    atomic {
      if
      :: p16 ? nop ->
        state = 124;
      fi
    }
  od
}

/* Process 17 (component `component17`) */
active proctype Proc17()
{
  int state = 125;
  do
  :: state == 125 ->
    atomic {
      if
      :: p17 ? nop ->
        state = 126;
      fi
    }
  od
}

/* Process 18 (component `component18`) */
active proctype Proc18()
{
  int state = 127;
  do
  :: state == 127 ->
    atomic {
      if
      :: p18 ? nop ->
        state = 128;
      fi
    }
  :: state == 128 ->
    atomic {
      if
      :: p18_1 ! c18_t0__c1_t4 ->
        state = 129;
      fi
    }
  :: state == 129 ->
    atomic {
      if
      :: p18_1 ! c18_t0__c1_t4 ->
        state = 129;
      fi
    }
  od
}

/* Process 19 (component `component19`) */
active proctype Proc19()
{
  int state = 130;
  do
  :: state == 130 ->
    atomic {
      if
      :: p19 ? nop ->
        state = 131;
      fi
    }
  :: state == 131 ->
    atomic {
      if
      :: p19 ? c19_t3 ->
        act ! c19_t3;
        state = 132;
      fi
    }
  :: state == 132 ->
    atomic {
      if
      :: p20_19 ? c20_t3__c19_t4 ->
        act ! c20_t3__c19_t4;
        state = 133;
      fi
    }
  :: state == 133 ->
    atomic {
      if
      :: p19 ? c19_t0 ->
        act ! c19_t0;
        state = 134;
      fi
    }
  :: state == 134 ->
    atomic {
      if
      :: p20_19 ? c20_t3__c19_t4 ->
        act ! c20_t3__c19_t4;
        state = 135;
      fi
    }
  :: state == 135 ->
    atomic {
      if
      :: p20_19 ? c20_t3__c19_t4 ->
        act ! c20_t3__c19_t4;
        state = 136;
      fi
    }
  :: state == 136 ->
    atomic {
      if
      :: p19_2 ! c2_t0__c19_t2 ->
        state = 133;
      :: p19 ? c19_t0 ->
        act ! c19_t0;
        state = 137;
      fi
    }
  :: state == 137 ->
    atomic {
      if
      :: p19 ? c19_t0 ->
        act ! c19_t0;
        state = 138;
      :: p19 ? c19_t0 ->
        act ! c19_t0;
        state = 139;
      fi
    }
  :: state == 138 ->
    atomic {
      if
      :: p19 ? c19_t3 ->
        act ! c19_t3;
        state = 139;
      fi
    }
  :: state == 139 ->
    atomic {
      if
      :: p19_2 ! c2_t0__c19_t2 ->
        state = 131;
      fi
    }
  od
}

/* Process 20 (component `component20`) */
active proctype Proc20()
{
  int state = 140;
  do
  :: state == 140 ->
    atomic {
      if
      :: p20 ? nop ->
        state = 141;
      fi
    }
  :: state == 141 ->
    atomic {
      if
      :: p20 ? c20_t1 ->
        act ! c20_t1;
        state = 142;
      fi
    }
  :: state == 142 ->
    atomic {
      if
      :: p20 ? c20_t4 ->
        act ! c20_t4;
        state = 143;
      fi
    }
  :: state == 143 ->
    atomic {
      if
      :: p20_19 ! c20_t3__c19_t4 ->
        state = 142;
      :: p20 ? c20_t4 ->
        act ! c20_t4;
        state = 144;
      fi
    }
  :: state == 144 ->
    atomic {
      if
      :: p20 ? c20_t4 ->
        act ! c20_t4;
        state = 147;
      :: p20 ? c20_t2 ->
        act ! c20_t2;
        state = 145;
      fi
    }
  :: state == 145 ->
    atomic {
      if
      :: p20 ? c20_t1 ->
        act ! c20_t1;
        state = 147;
      :: p20 ? c20_t4 ->
        act ! c20_t4;
        state = 146;
      fi
    }
  :: state == 146 ->
    atomic {
      if
      :: p20 ? c20_t2 ->
        act ! c20_t2;
        state = 147;
      fi
    }
  :: state == 147 ->
    atomic {
      if
      :: p20 ? c20_t4 ->
        act ! c20_t4;
        state = 148;
      fi
    }
  :: state == 148 ->
    atomic {
      if
      :: p20_19 ! c20_t3__c19_t4 ->
        state = 141;
      fi
    }
  od
}

/* Process 21 (component `component21`) */
active proctype Proc21()
{
  int state = 149;
  do
  :: state == 149 ->
    atomic {
      if
      :: p21 ? nop ->
        state = 150;
      fi
    }
  :: state == 150 ->
    atomic {
      if
      :: p21 ? c21_t4 ->
        act ! c21_t4;
        state = 151;
      :: p21 ? c21_t1 ->
        act ! c21_t1;
        state = 152;
      fi
    }
  :: state == 151 ->
    atomic {
      if
      :: p21 ? c21_t1 ->
        act ! c21_t1;
        state = 152;
      fi
    }
  :: state == 152 ->
    atomic {
      if
      :: p21 ? c21_t2 ->
        act ! c21_t2;
        state = 153;
      fi
    }
  :: state == 153 ->
    atomic {
      if
      :: p21 ? c21_t1 ->
        act ! c21_t1;
        state = 154;
      fi
    }
  :: state == 154 ->
    atomic {
      if
      :: p21 ? c21_t4 ->
        act ! c21_t4;
        state = 155;
      fi
    }
  :: state == 155 ->
    atomic {
      if
      :: p21_8 ! c8_t0__c21_t0 ->
        state = 150;
      :: p21_8 ! c8_t0__c21_t0 ->
        state = 154;
      :: p21_8 ! c8_t3__c21_t3 ->
        state = 150;
      :: p21_8 ! c8_t3__c21_t3 ->
        state = 154;
      :: p21 ? c21_t1 ->
        act ! c21_t1;
        state = 156;
      fi
    }
  :: state == 156 ->
    atomic {
      if
      :: p21 ? c21_t2 ->
        act ! c21_t2;
        state = 157;
      fi
    }
  :: state == 157 ->
    atomic {
      if
      :: p21_8 ! c8_t0__c21_t0 ->
        state = 156;
      :: p21_8 ! c8_t3__c21_t3 ->
        state = 156;
      :: p21 ? c21_t1 ->
        act ! c21_t1;
        state = 158;
      fi
    }
  :: state == 158 ->
    atomic {
      if
      :: p21_8 ! c8_t0__c21_t0 ->
        state = 150;
      :: p21_8 ! c8_t3__c21_t3 ->
        state = 150;
      fi
    }
  od
}

/* Process 22 (component `component22`) */
active proctype Proc22()
{
  int state = 159;
  do
  :: state == 159 ->
    atomic {
      if
      :: p22 ? nop ->
        state = 160;
      fi
    }
  :: state == 160 ->
    atomic {
      if
      :: p22 ? c22_t1 ->
        act ! c22_t1;
        state = 161;
      fi
    }
  :: state == 161 ->
    atomic {
      if
      :: p22 ? c22_t1 ->
        act ! c22_t1;
        state = 162;
      fi
    }
  :: state == 162 ->
    atomic {
      if
      :: p22 ? c22_t0 ->
        act ! c22_t0;
        state = 163;
      :: p22 ? c22_t0 ->
        act ! c22_t0;
        state = 164;
      fi
    }
  :: state == 163 ->
    atomic {
      if
      :: p22 ? c22_t0 ->
        act ! c22_t0;
        state = 164;
      fi
    }
  :: state == 164 ->
    atomic {
      if
      :: p22 ? c22_t1 ->
        act ! c22_t1;
        state = 165;
      :: p22 ? c22_t0 ->
        act ! c22_t0;
        state = 166;
      fi
    }
  :: state == 165 ->
    atomic {
      if
      :: p22_11 ! c22_t2__c11_t1 ->
        state = 163;
      :: p22 ? c22_t0 ->
        act ! c22_t0;
        state = 166;
      fi
    }
  :: state == 166 ->
    atomic {
      if
      :: p22 ? c22_t1 ->
        act ! c22_t1;
        state = 167;
      fi
    }
  :: state == 167 ->
    atomic {
      if
      :: p22_11 ! c22_t2__c11_t1 ->
        state = 160;
      :: p22_11 ! c22_t2__c11_t1 ->
        state = 164;
      fi
    }
  od
}

/* Process 23 (component `component23`) */
active proctype Proc23()
{
  int state = 168;
  do
  :: state == 168 ->
    atomic {
      if
      :: p23 ? nop ->
        state = 169;
      fi
    }
  :: state == 169 ->
    atomic {
      if
      :: p23 ? c23_t0 ->
        act ! c23_t0;
        state = 170;
      fi
    }
  :: state == 170 ->
    atomic {
      if
      :: p23 ? c23_t3 ->
        act ! c23_t3;
        state = 171;
      fi
    }
  :: state == 171 ->
    atomic {
      if
      :: p23 ? c23_t1 ->
        act ! c23_t1;
        state = 172;
      :: p23 ? c23_t1 ->
        act ! c23_t1;
        state = 175;
      fi
    }
  :: state == 172 ->
    atomic {
      if
      :: p23 ? c23_t0 ->
        act ! c23_t0;
        state = 177;
      :: p23 ? c23_t1 ->
        act ! c23_t1;
        state = 173;
      fi
    }
  :: state == 173 ->
    atomic {
      if
      :: p23 ? c23_t3 ->
        act ! c23_t3;
        state = 174;
      fi
    }
  :: state == 174 ->
    atomic {
      if
      :: p23 ? c23_t0 ->
        act ! c23_t0;
        state = 175;
      fi
    }
  :: state == 175 ->
    atomic {
      if
      :: p23 ? c23_t0 ->
        act ! c23_t0;
        state = 176;
      fi
    }
  :: state == 176 ->
    atomic {
      if
      :: p23_6 ! c6_t3__c23_t4 ->
        state = 169;
      :: p23_6 ! c6_t1__c23_t2 ->
        state = 169;
      :: p23 ? c23_t1 ->
        act ! c23_t1;
        state = 177;
      fi
    }
  :: state == 177 ->
    atomic {
      if
      :: p23_6 ! c6_t3__c23_t4 ->
        state = 169;
      :: p23_6 ! c6_t1__c23_t2 ->
        state = 169;
      fi
    }
  od
}
