/* Written by ltsym: the RERS Promela encoding of a parallel LTS system */

/* Actions (message types) */
mtype = { nop, c7_t2__c0_t0, c6_t1__c0_t1, c12_t3__c1_t1, c1_t0, c5_t2__c2_t0, c5_t6__c3_t3, c5_t0__c3_t0, c5_t7__c3_t4, c9_t1__c3_t1, c3_t2__c10_t1, c5_t3__c4_t0, c5_t4__c8_t1, c11_t1__c5_t5, c8_t0__c5_t1, c6_t0, c9_t0__c7_t0, c9_t2__c7_t4, c7_t1, c10_t0__c13_t0, c10_t2__c13_t2, c12_t0__c13_t1, c12_t2, c12_t1 };

/* Inter-process channels */
chan p5_2 = [0] of {mtype};
chan p5_3 = [0] of {mtype};
chan p5_4 = [0] of {mtype};
chan p6_0 = [0] of {mtype};
chan p7_0 = [0] of {mtype};
chan p8_5 = [0] of {mtype};
chan p9_3 = [0] of {mtype};
chan p9_7 = [0] of {mtype};
chan p10_3 = [0] of {mtype};
chan p11_5 = [0] of {mtype};
chan p12_1 = [0] of {mtype};
chan p13_10 = [0] of {mtype};
chan p13_12 = [0] of {mtype};

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

/* Environment process */
active proctype Environment()
{
  do
  :: p0 ! nop
  :: p1 ! c1_t0
  :: p1 ! nop
  :: p2 ! nop
  :: p3 ! nop
  :: p4 ! nop
  :: p5 ! nop
  :: p6 ! c6_t0
  :: p6 ! nop
  :: p7 ! c7_t1
  :: p7 ! nop
  :: p8 ! nop
  :: p9 ! nop
  :: p10 ! nop
  :: p11 ! nop
  :: p12 ! c12_t2
  :: p12 ! c12_t1
  :: p12 ! nop
  :: p13 ! nop
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
      :: p7_0 ? c7_t2__c0_t0 ->
        act ! c7_t2__c0_t0;
        state = 1;
      :: p6_0 ? c6_t1__c0_t1 ->
        act ! c6_t1__c0_t1;
        state = 2;
      :: p6_0 ? c6_t1__c0_t1 ->
        act ! c6_t1__c0_t1;
        state = 8;
      fi
    }
  :: state == 2 ->
    atomic {
      if
      :: p7_0 ? c7_t2__c0_t0 ->
        act ! c7_t2__c0_t0;
        state = 1;
      :: p6_0 ? c6_t1__c0_t1 ->
        act ! c6_t1__c0_t1;
        state = 3;
      :: p6_0 ? c6_t1__c0_t1 ->
        act ! c6_t1__c0_t1;
        state = 5;
      :: p6_0 ? c6_t1__c0_t1 ->
        act ! c6_t1__c0_t1;
        state = 7;
      :: p6_0 ? c6_t1__c0_t1 ->
        act ! c6_t1__c0_t1;
        state = 10;
      fi
    }
  :: state == 3 ->
    atomic {
      if
      :: p7_0 ? c7_t2__c0_t0 ->
        act ! c7_t2__c0_t0;
        state = 1;
      :: p6_0 ? c6_t1__c0_t1 ->
        act ! c6_t1__c0_t1;
        state = 4;
      :: p6_0 ? c6_t1__c0_t1 ->
        act ! c6_t1__c0_t1;
        state = 5;
      :: p6_0 ? c6_t1__c0_t1 ->
        act ! c6_t1__c0_t1;
        state = 6;
      fi
    }
  :: state == 4 ->
    atomic {
      if
      :: p7_0 ? c7_t2__c0_t0 ->
        act ! c7_t2__c0_t0;
        state = 1;
      :: p6_0 ? c6_t1__c0_t1 ->
        act ! c6_t1__c0_t1;
        state = 9;
      fi
    }
  :: state == 5 ->
    atomic {
      if
      :: p7_0 ? c7_t2__c0_t0 ->
        act ! c7_t2__c0_t0;
        state = 1;
      :: p6_0 ? c6_t1__c0_t1 ->
        act ! c6_t1__c0_t1;
        state = 8;
      fi
    }
  :: state == 6 ->
    atomic {
      if
      :: p7_0 ? c7_t2__c0_t0 ->
        act ! c7_t2__c0_t0;
        state = 1;
      fi
    }
  :: state == 7 ->
    atomic {
      if
      :: p7_0 ? c7_t2__c0_t0 ->
        act ! c7_t2__c0_t0;
        state = 1;
      fi
    }
  :: state == 8 ->
    atomic {
      if
      :: p7_0 ? c7_t2__c0_t0 ->
        act ! c7_t2__c0_t0;
        state = 1;
      :: p6_0 ? c6_t1__c0_t1 ->
        act ! c6_t1__c0_t1;
        state = 10;
      fi
    }
  :: state == 9 ->
    atomic {
      if
      :: p7_0 ? c7_t2__c0_t0 ->
        act ! c7_t2__c0_t0;
        state = 1;
      fi
    }
  :: state == 10 ->
    atomic {
      if
      :: p7_0 ? c7_t2__c0_t0 ->
        act ! c7_t2__c0_t0;
        state = 1;
      :: p6_0 ? c6_t1__c0_t1 ->
        act ! c6_t1__c0_t1;
        state = 11;
      fi
    }
  :: state == 11 ->
    atomic {
      if
      :: p7_0 ? c7_t2__c0_t0 ->
        act ! c7_t2__c0_t0;
        state = 1;
      fi
    }
  od
}

/* Process 1 (component `component1`) */
active proctype Proc1()
{
  int state = 12;
  do
  :: state == 12 ->
    atomic {
      if
      :: p1 ? nop ->
        state = 13;
      fi
    }
  :: state == 13 ->
    atomic {
      if
      :: p12_1 ? c12_t3__c1_t1 ->
        act ! c12_t3__c1_t1;
        state = 13;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 14;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 21;
      fi
    }
  :: state == 14 ->
    atomic {
      if
      :: p12_1 ? c12_t3__c1_t1 ->
        act ! c12_t3__c1_t1;
        state = 13;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 15;
      fi
    }
  :: state == 15 ->
    atomic {
      if
      :: p12_1 ? c12_t3__c1_t1 ->
        act ! c12_t3__c1_t1;
        state = 13;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 16;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 17;
      fi
    }
  :: state == 16 ->
    atomic {
      if
      :: p12_1 ? c12_t3__c1_t1 ->
        act ! c12_t3__c1_t1;
        state = 13;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 18;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 23;
      fi
    }
  :: state == 17 ->
    atomic {
      if
      :: p12_1 ? c12_t3__c1_t1 ->
        act ! c12_t3__c1_t1;
        state = 13;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 19;
      fi
    }
  :: state == 18 ->
    atomic {
      if
      :: p12_1 ? c12_t3__c1_t1 ->
        act ! c12_t3__c1_t1;
        state = 13;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 22;
      fi
    }
  :: state == 19 ->
    atomic {
      if
      :: p12_1 ? c12_t3__c1_t1 ->
        act ! c12_t3__c1_t1;
        state = 13;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 20;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 23;
      fi
    }
  :: state == 20 ->
    atomic {
      if
      :: p12_1 ? c12_t3__c1_t1 ->
        act ! c12_t3__c1_t1;
        state = 13;
      fi
    }
  :: state == 21 ->
    atomic {
      if
      :: p12_1 ? c12_t3__c1_t1 ->
        act ! c12_t3__c1_t1;
        state = 13;
      fi
    }
  :: state == 22 ->
    atomic {
      if
      :: p12_1 ? c12_t3__c1_t1 ->
        act ! c12_t3__c1_t1;
        state = 13;
      :: p1 ? c1_t0 ->
        act ! c1_t0;
        state = 23;
      fi
    }
  :: state == 23 ->
    atomic {
      if
      :: p12_1 ? c12_t3__c1_t1 ->
        act ! c12_t3__c1_t1;
        state = 13;
      fi
    }
  od
}

/* Process 2 (component `component2`) */
active proctype Proc2()
{
  int state = 24;
  do
  :: state == 24 ->
    atomic {
      if
      :: p2 ? nop ->
        state = 25;
      fi
    }
  :: state == 25 ->
    atomic {
      if
      :: p5_2 ? c5_t2__c2_t0 ->
        act ! c5_t2__c2_t0;
        state = 26;
      fi
    }
  od
}

/* Process 3 (component `component3`) */
active proctype Proc3()
{
  int state = 27;
  do
  :: state == 27 ->
    atomic {
      if
      :: p3 ? nop ->
        state = 28;
      fi
    }
  :: state == 28 ->
    atomic {
      if
      :: p5_3 ? c5_t6__c3_t3 ->
        act ! c5_t6__c3_t3;
        state = 29;
      :: p5_3 ? c5_t0__c3_t0 ->
        act ! c5_t0__c3_t0;
        state = 30;
      :: p5_3 ? c5_t7__c3_t4 ->
        act ! c5_t7__c3_t4;
        state = 30;
      :: p9_3 ? c9_t1__c3_t1 ->
        act ! c9_t1__c3_t1;
        state = 31;
      :: p10_3 ? c3_t2__c10_t1 ->
        act ! c3_t2__c10_t1;
        state = 31;
      fi
    }
  :: state == 29 ->
    atomic {
      if
      :: p5_3 ? c5_t6__c3_t3 ->
        act ! c5_t6__c3_t3;
        state = 32;
      :: p5_3 ? c5_t0__c3_t0 ->
        act ! c5_t0__c3_t0;
        state = 33;
      :: p5_3 ? c5_t7__c3_t4 ->
        act ! c5_t7__c3_t4;
        state = 34;
      :: p9_3 ? c9_t1__c3_t1 ->
        act ! c9_t1__c3_t1;
        state = 35;
      :: p10_3 ? c3_t2__c10_t1 ->
        act ! c3_t2__c10_t1;
        state = 35;
      fi
    }
  :: state == 30 ->
    atomic {
      if
      :: p5_3 ? c5_t6__c3_t3 ->
        act ! c5_t6__c3_t3;
        state = 30;
      :: p5_3 ? c5_t7__c3_t4 ->
        act ! c5_t7__c3_t4;
        state = 30;
      :: p9_3 ? c9_t1__c3_t1 ->
        act ! c9_t1__c3_t1;
        state = 36;
      :: p10_3 ? c3_t2__c10_t1 ->
        act ! c3_t2__c10_t1;
        state = 36;
      fi
    }
  :: state == 31 ->
    atomic {
      if
      :: p5_3 ? c5_t6__c3_t3 ->
        act ! c5_t6__c3_t3;
        state = 29;
      :: p5_3 ? c5_t0__c3_t0 ->
        act ! c5_t0__c3_t0;
        state = 36;
      :: p5_3 ? c5_t7__c3_t4 ->
        act ! c5_t7__c3_t4;
        state = 30;
      fi
    }
  :: state == 32 ->
    atomic {
      if
      :: p5_3 ? c5_t6__c3_t3 ->
        act ! c5_t6__c3_t3;
        state = 32;
      :: p5_3 ? c5_t7__c3_t4 ->
        act ! c5_t7__c3_t4;
        state = 30;
      :: p9_3 ? c9_t1__c3_t1 ->
        act ! c9_t1__c3_t1;
        state = 37;
      :: p10_3 ? c3_t2__c10_t1 ->
        act ! c3_t2__c10_t1;
        state = 37;
      fi
    }
  :: state == 33 ->
    atomic {
      if
      :: p5_3 ? c5_t6__c3_t3 ->
        act ! c5_t6__c3_t3;
        state = 38;
      :: p9_3 ? c9_t1__c3_t1 ->
        act ! c9_t1__c3_t1;
        state = 39;
      :: p10_3 ? c3_t2__c10_t1 ->
        act ! c3_t2__c10_t1;
        state = 39;
      fi
    }
  :: state == 34 ->
    atomic {
      if
      :: p5_3 ? c5_t6__c3_t3 ->
        act ! c5_t6__c3_t3;
        state = 40;
      :: p5_3 ? c5_t0__c3_t0 ->
        act ! c5_t0__c3_t0;
        state = 30;
      :: p5_3 ? c5_t7__c3_t4 ->
        act ! c5_t7__c3_t4;
        state = 30;
      :: p9_3 ? c9_t1__c3_t1 ->
        act ! c9_t1__c3_t1;
        state = 41;
      :: p10_3 ? c3_t2__c10_t1 ->
        act ! c3_t2__c10_t1;
        state = 41;
      fi
    }
  :: state == 35 ->
    atomic {
      if
      :: p5_3 ? c5_t6__c3_t3 ->
        act ! c5_t6__c3_t3;
        state = 32;
      :: p5_3 ? c5_t0__c3_t0 ->
        act ! c5_t0__c3_t0;
        state = 39;
      :: p5_3 ? c5_t7__c3_t4 ->
        act ! c5_t7__c3_t4;
        state = 34;
      fi
    }
  :: state == 36 ->
    atomic {
      if
      :: p5_3 ? c5_t6__c3_t3 ->
        act ! c5_t6__c3_t3;
        state = 30;
      :: p5_3 ? c5_t7__c3_t4 ->
        act ! c5_t7__c3_t4;
        state = 30;
      fi
    }
  :: state == 37 ->
    atomic {
      if
      :: p5_3 ? c5_t6__c3_t3 ->
        act ! c5_t6__c3_t3;
        state = 32;
      :: p5_3 ? c5_t7__c3_t4 ->
        act ! c5_t7__c3_t4;
        state = 30;
      fi
    }
  :: state == 38 ->
    atomic {
      if
      :: p5_3 ? c5_t6__c3_t3 ->
        act ! c5_t6__c3_t3;
        state = 38;
      :: p9_3 ? c9_t1__c3_t1 ->
        act ! c9_t1__c3_t1;
        state = 42;
      :: p10_3 ? c3_t2__c10_t1 ->
        act ! c3_t2__c10_t1;
        state = 42;
      fi
    }
  :: state == 39 ->
    atomic {
      if
      :: p5_3 ? c5_t6__c3_t3 ->
        act ! c5_t6__c3_t3;
        state = 38;
      fi
    }
  :: state == 40 ->
    atomic {
      if
      :: p5_3 ? c5_t6__c3_t3 ->
        act ! c5_t6__c3_t3;
        state = 30;
      :: p5_3 ? c5_t0__c3_t0 ->
        act ! c5_t0__c3_t0;
        state = 30;
      :: p5_3 ? c5_t7__c3_t4 ->
        act ! c5_t7__c3_t4;
        state = 34;
      :: p9_3 ? c9_t1__c3_t1 ->
        act ! c9_t1__c3_t1;
        state = 43;
      :: p10_3 ? c3_t2__c10_t1 ->
        act ! c3_t2__c10_t1;
        state = 43;
      fi
    }
  :: state == 41 ->
    atomic {
      if
      :: p5_3 ? c5_t6__c3_t3 ->
        act ! c5_t6__c3_t3;
        state = 40;
      :: p5_3 ? c5_t0__c3_t0 ->
        act ! c5_t0__c3_t0;
        state = 36;
      :: p5_3 ? c5_t7__c3_t4 ->
        act ! c5_t7__c3_t4;
        state = 30;
      fi
    }
  :: state == 42 ->
    atomic {
      if
      :: p5_3 ? c5_t6__c3_t3 ->
        act ! c5_t6__c3_t3;
        state = 38;
      fi
    }
  :: state == 43 ->
    atomic {
      if
      :: p5_3 ? c5_t6__c3_t3 ->
        act ! c5_t6__c3_t3;
        state = 30;
      :: p5_3 ? c5_t0__c3_t0 ->
        act ! c5_t0__c3_t0;
        state = 36;
      :: p5_3 ? c5_t7__c3_t4 ->
        act ! c5_t7__c3_t4;
        state = 34;
      fi
    }
  od
}

/* Process 4 (component `component4`) */
active proctype Proc4()
{
  int state = 44;
  do
  :: state == 44 ->
    atomic {
      if
      :: p4 ? nop ->
        state = 45;
      fi
    }
  :: state == 45 ->
    atomic {
      if
      :: p5_4 ? c5_t3__c4_t0 ->
        act ! c5_t3__c4_t0;
        state = 45;
      fi
    }
  od
}

/* Process 5 (component `component5`) */
active proctype Proc5()
{
  int state = 46;
  do
  :: state == 46 ->
    atomic {
      if
      :: p5 ? nop ->
        state = 47;
      fi
    }
  :: state == 47 ->
    atomic {
      if
      :: p5_3 ! c5_t6__c3_t3 ->
        state = 49;
      :: p5_4 ! c5_t3__c4_t0 ->
        state = 48;
      fi
    }
  :: state == 48 ->
    atomic {
      if
      :: p5_3 ! c5_t6__c3_t3 ->
        state = 50;
      fi
    }
  :: state == 49 ->
    atomic {
      if
      :: p5_2 ! c5_t2__c2_t0 ->
        state = 55;
      :: p5_3 ! c5_t0__c3_t0 ->
        state = 54;
      :: p5_4 ! c5_t3__c4_t0 ->
        state = 53;
      :: p8_5 ? c5_t4__c8_t1 ->
        act ! c5_t4__c8_t1;
        state = 51;
      :: p11_5 ? c11_t1__c5_t5 ->
        act ! c11_t1__c5_t5;
        state = 52;
      fi
    }
  :: state == 50 ->
    atomic {
      if
      :: p8_5 ? c8_t0__c5_t1 ->
        act ! c8_t0__c5_t1;
        state = 56;
      fi
    }
  :: state == 51 ->
    atomic {
      if
      :: p8_5 ? c5_t4__c8_t1 ->
        act ! c5_t4__c8_t1;
        state = 57;
      fi
    }
  :: state == 52 ->
    atomic {
      if
      :: p8_5 ? c8_t0__c5_t1 ->
        act ! c8_t0__c5_t1;
        state = 58;
      fi
    }
  :: state == 53 ->
    atomic {
      if
      :: p8_5 ? c8_t0__c5_t1 ->
        act ! c8_t0__c5_t1;
        state = 53;
      fi
    }
  :: state == 54 ->
    atomic {
      if
      :: p5_2 ! c5_t2__c2_t0 ->
        state = 59;
      :: p5_3 ! c5_t7__c3_t4 ->
        state = 50;
      fi
    }
  :: state == 55 ->
    atomic {
      if
      :: p8_5 ? c8_t0__c5_t1 ->
        act ! c8_t0__c5_t1;
        state = 60;
      fi
    }
  :: state == 56 ->
    atomic {
      if
      :: p5_4 ! c5_t3__c4_t0 ->
        state = 61;
      fi
    }
  :: state == 57 ->
    atomic {
      if
      :: p5_4 ! c5_t3__c4_t0 ->
        state = 62;
      fi
    }
  :: state == 58 ->
    atomic {
      if
      :: p5_4 ! c5_t3__c4_t0 ->
        state = 63;
      fi
    }
  :: state == 59 ->
    atomic {
      if
      :: p8_5 ? c8_t0__c5_t1 ->
        act ! c8_t0__c5_t1;
        state = 64;
      fi
    }
  :: state == 60 ->
    atomic {
      if
      :: p5_2 ! c5_t2__c2_t0 ->
        state = 64;
      :: p5_4 ! c5_t3__c4_t0 ->
        state = 65;
      fi
    }
  :: state == 61 ->
    atomic {
      if
      :: p5_3 ! c5_t6__c3_t3 ->
        state = 50;
      fi
    }
  :: state == 62 ->
    atomic {
      if
      :: p5_3 ! c5_t7__c3_t4 ->
        state = 66;
      fi
    }
  :: state == 63 ->
    atomic {
      if
      :: p5_3 ! c5_t6__c3_t3 ->
        state = 52;
      fi
    }
  :: state == 64 ->
    atomic {
      if
      :: p5_4 ! c5_t3__c4_t0 ->
        state = 67;
      fi
    }
  :: state == 65 ->
    atomic {
      if
      :: p5_2 ! c5_t2__c2_t0 ->
        state = 58;
      :: p5_3 ! c5_t6__c3_t3 ->
        state = 55;
      :: p8_5 ? c5_t4__c8_t1 ->
        act ! c5_t4__c8_t1;
        state = 58;
      fi
    }
  :: state == 66 ->
    atomic {
      if
      :: p5_3 ! c5_t6__c3_t3 ->
        state = 51;
      fi
    }
  :: state == 67 ->
    atomic {
      if
      :: p5_3 ! c5_t6__c3_t3 ->
        state = 59;
      :: p5_3 ! c5_t0__c3_t0 ->
        state = 67;
      fi
    }
  od
}

/* Process 6 (component `component6`) */
active proctype Proc6()
{
  int state = 68;
  do
  :: state == 68 ->
    atomic {
      if
      :: p6 ? nop ->
        state = 69;
      fi
    }
  :: state == 69 ->
    atomic {
      if
      :: p6_0 ! c6_t1__c0_t1 ->
        state = 69;
      :: p6 ? c6_t0 ->
        act ! c6_t0;
        state = 70;
      :: p6 ? c6_t0 ->
        act ! c6_t0;
        state = 73;
      :: p6 ? c6_t0 ->
        act ! c6_t0;
        state = 75;
      :: p6 ? c6_t0 ->
        act ! c6_t0;
        state = 76;
      :: p6 ? c6_t0 ->
        act ! c6_t0;
        state = 78;
      fi
    }
  :: state == 70 ->
    atomic {
      if
      :: p6_0 ! c6_t1__c0_t1 ->
        state = 69;
      :: p6 ? c6_t0 ->
        act ! c6_t0;
        state = 71;
      fi
    }
  :: state == 71 ->
    atomic {
      if
      :: p6_0 ! c6_t1__c0_t1 ->
        state = 69;
      :: p6 ? c6_t0 ->
        act ! c6_t0;
        state = 72;
      :: p6 ? c6_t0 ->
        act ! c6_t0;
        state = 76;
      :: p6 ? c6_t0 ->
        act ! c6_t0;
        state = 77;
      fi
    }
  :: state == 72 ->
    atomic {
      if
      :: p6_0 ! c6_t1__c0_t1 ->
        state = 69;
      :: p6 ? c6_t0 ->
        act ! c6_t0;
        state = 77;
      fi
    }
  :: state == 73 ->
    atomic {
      if
      :: p6_0 ! c6_t1__c0_t1 ->
        state = 69;
      :: p6 ? c6_t0 ->
        act ! c6_t0;
        state = 74;
      :: p6 ? c6_t0 ->
        act ! c6_t0;
        state = 79;
      fi
    }
  :: state == 74 ->
    atomic {
      if
      :: p6_0 ! c6_t1__c0_t1 ->
        state = 69;
      fi
    }
  :: state == 75 ->
    atomic {
      if
      :: p6_0 ! c6_t1__c0_t1 ->
        state = 69;
      :: p6 ? c6_t0 ->
        act ! c6_t0;
        state = 80;
      fi
    }
  :: state == 76 ->
    atomic {
      if
      :: p6_0 ! c6_t1__c0_t1 ->
        state = 69;
      fi
    }
  :: state == 77 ->
    atomic {
      if
      :: p6_0 ! c6_t1__c0_t1 ->
        state = 69;
      :: p6 ? c6_t0 ->
        act ! c6_t0;
        state = 79;
      fi
    }
  :: state == 78 ->
    atomic {
      if
      :: p6_0 ! c6_t1__c0_t1 ->
        state = 69;
      :: p6 ? c6_t0 ->
        act ! c6_t0;
        state = 80;
      fi
    }
  :: state == 79 ->
    atomic {
      if
      :: p6_0 ! c6_t1__c0_t1 ->
        state = 69;
      :: p6 ? c6_t0 ->
        act ! c6_t0;
        state = 80;
      fi
    }
  :: state == 80 ->
    atomic {
      if
      :: p6_0 ! c6_t1__c0_t1 ->
        state = 69;
      fi
    }
  od
}

/* Process 7 (component `component7`) */
active proctype Proc7()
{
  int state = 81;
  do
  :: state == 81 ->
    atomic {
      if
      :: p7 ? nop ->
        state = 82;
      fi
    }
  :: state == 82 ->
    atomic {
      if
      :: p9_7 ? c9_t0__c7_t0 ->
        act ! c9_t0__c7_t0;
        state = 82;
      :: p9_7 ? c9_t2__c7_t4 ->
        act ! c9_t2__c7_t4;
        state = 82;
      :: p7 ? c7_t1 ->
        act ! c7_t1;
        state = 83;
      :: p7 ? c7_t1 ->
        act ! c7_t1;
        state = 85;
      fi
    }
  :: state == 83 ->
    atomic {
      if
      :: p9_7 ? c9_t0__c7_t0 ->
        act ! c9_t0__c7_t0;
        state = 82;
      :: p9_7 ? c9_t2__c7_t4 ->
        act ! c9_t2__c7_t4;
        state = 82;
      :: p7 ? c7_t1 ->
        act ! c7_t1;
        state = 84;
      :: p7 ? c7_t1 ->
        act ! c7_t1;
        state = 86;
      fi
    }
  :: state == 84 ->
    atomic {
      if
      :: p7_0 ! c7_t2__c0_t0 ->
        state = 87;
      :: p7_0 ! c7_t2__c0_t0 ->
        state = 88;
      :: p7_0 ! c7_t2__c0_t0 ->
        state = 90;
      :: p9_7 ? c9_t0__c7_t0 ->
        act ! c9_t0__c7_t0;
        state = 82;
      :: p9_7 ? c9_t2__c7_t4 ->
        act ! c9_t2__c7_t4;
        state = 82;
      :: p7 ? c7_t1 ->
        act ! c7_t1;
        state = 87;
      fi
    }
  :: state == 85 ->
    atomic {
      if
      :: p7_0 ! c7_t2__c0_t0 ->
        state = 90;
      :: p9_7 ? c9_t0__c7_t0 ->
        act ! c9_t0__c7_t0;
        state = 82;
      :: p9_7 ? c9_t2__c7_t4 ->
        act ! c9_t2__c7_t4;
        state = 82;
      :: p7 ? c7_t1 ->
        act ! c7_t1;
        state = 91;
      fi
    }
  :: state == 86 ->
    atomic {
      if
      :: p9_7 ? c9_t0__c7_t0 ->
        act ! c9_t0__c7_t0;
        state = 82;
      :: p9_7 ? c9_t2__c7_t4 ->
        act ! c9_t2__c7_t4;
        state = 82;
      :: p7 ? c7_t1 ->
        act ! c7_t1;
        state = 89;
      fi
    }
  :: state == 87 ->
    atomic {
      if
      :: p9_7 ? c9_t0__c7_t0 ->
        act ! c9_t0__c7_t0;
        state = 82;
      :: p9_7 ? c9_t2__c7_t4 ->
        act ! c9_t2__c7_t4;
        state = 82;
      fi
    }
  :: state == 88 ->
    atomic {
      if
      :: p9_7 ? c9_t0__c7_t0 ->
        act ! c9_t0__c7_t0;
        state = 82;
      :: p9_7 ? c9_t2__c7_t4 ->
        act ! c9_t2__c7_t4;
        state = 82;
      fi
    }
  :: state == 89 ->
    atomic {
      if
      :: p7_0 ! c7_t2__c0_t0 ->
        state = 92;
      :: p9_7 ? c9_t0__c7_t0 ->
        act ! c9_t0__c7_t0;
        state = 82;
      :: p9_7 ? c9_t2__c7_t4 ->
        act ! c9_t2__c7_t4;
        state = 82;
      :: p7 ? c7_t1 ->
        act ! c7_t1;
        state = 90;
      fi
    }
  :: state == 90 ->
    atomic {
      if
      :: p9_7 ? c9_t0__c7_t0 ->
        act ! c9_t0__c7_t0;
        state = 82;
      :: p9_7 ? c9_t2__c7_t4 ->
        act ! c9_t2__c7_t4;
        state = 82;
      fi
    }
  :: state == 91 ->
    atomic {
      if
      :: p9_7 ? c9_t0__c7_t0 ->
        act ! c9_t0__c7_t0;
        state = 82;
      :: p9_7 ? c9_t2__c7_t4 ->
        act ! c9_t2__c7_t4;
        state = 82;
      fi
    }
  :: state == 92 ->
    atomic {
      if
      :: p9_7 ? c9_t0__c7_t0 ->
        act ! c9_t0__c7_t0;
        state = 82;
      :: p9_7 ? c9_t2__c7_t4 ->
        act ! c9_t2__c7_t4;
        state = 82;
      fi
    }
  od
}

/* Process 8 (component `component8`) */
active proctype Proc8()
{
  int state = 93;
  do
  :: state == 93 ->
    atomic {
      if
      :: p8 ? nop ->
        state = 94;
      fi
    }
  :: state == 94 ->
    atomic {
      if
      :: p8_5 ! c5_t4__c8_t1 ->
        state = 95;
      :: p8_5 ! c8_t0__c5_t1 ->
        state = 96;
      fi
    }
  :: state == 95 ->
    atomic {
      if
      :: p8_5 ! c5_t4__c8_t1 ->
        state = 95;
      :: p8_5 ! c8_t0__c5_t1 ->
        state = 97;
      fi
    }
  :: state == 96 ->
    atomic {
      if
      :: p8_5 ! c8_t0__c5_t1 ->
        state = 96;
      fi
    }
  :: state == 97 ->
    atomic {
      if
      :: p8_5 ! c5_t4__c8_t1 ->
        state = 97;
      :: p8_5 ! c8_t0__c5_t1 ->
        state = 97;
      fi
    }
  od
}

/* Process 9 (component `component9`) */
active proctype Proc9()
{
  int state = 98;
  do
  :: state == 98 ->
    atomic {
      if
      :: p9 ? nop ->
        state = 99;
      fi
    }
  :: state == 99 ->
    atomic {
      if
      :: p9_3 ! c9_t1__c3_t1 ->
        state = 99;
      :: p9_7 ! c9_t2__c7_t4 ->
        state = 100;
      :: p9_7 ! c9_t2__c7_t4 ->
        state = 103;
      :: p9_7 ! c9_t2__c7_t4 ->
        state = 108;
      fi
    }
  :: state == 100 ->
    atomic {
      if
      :: p9_3 ! c9_t1__c3_t1 ->
        state = 99;
      :: p9_7 ! c9_t0__c7_t0 ->
        state = 104;
      :: p9_7 ! c9_t2__c7_t4 ->
        state = 101;
      fi
    }
  :: state == 101 ->
    atomic {
      if
      :: p9_3 ! c9_t1__c3_t1 ->
        state = 99;
      :: p9_7 ! c9_t0__c7_t0 ->
        state = 102;
      :: p9_7 ! c9_t2__c7_t4 ->
        state = 102;
      fi
    }
  :: state == 102 ->
    atomic {
      if
      :: p9_3 ! c9_t1__c3_t1 ->
        state = 99;
      fi
    }
  :: state == 103 ->
    atomic {
      if
      :: p9_3 ! c9_t1__c3_t1 ->
        state = 99;
      :: p9_7 ! c9_t0__c7_t0 ->
        state = 105;
      :: p9_7 ! c9_t0__c7_t0 ->
        state = 106;
      :: p9_7 ! c9_t2__c7_t4 ->
        state = 105;
      fi
    }
  :: state == 104 ->
    atomic {
      if
      :: p9_3 ! c9_t1__c3_t1 ->
        state = 99;
      :: p9_7 ! c9_t0__c7_t0 ->
        state = 109;
      :: p9_7 ! c9_t2__c7_t4 ->
        state = 106;
      fi
    }
  :: state == 105 ->
    atomic {
      if
      :: p9_3 ! c9_t1__c3_t1 ->
        state = 99;
      :: p9_7 ! c9_t2__c7_t4 ->
        state = 107;
      fi
    }
  :: state == 106 ->
    atomic {
      if
      :: p9_3 ! c9_t1__c3_t1 ->
        state = 99;
      :: p9_7 ! c9_t0__c7_t0 ->
        state = 108;
      fi
    }
  :: state == 107 ->
    atomic {
      if
      :: p9_3 ! c9_t1__c3_t1 ->
        state = 99;
      fi
    }
  :: state == 108 ->
    atomic {
      if
      :: p9_3 ! c9_t1__c3_t1 ->
        state = 99;
      :: p9_7 ! c9_t2__c7_t4 ->
        state = 109;
      fi
    }
  :: state == 109 ->
    atomic {
      if
      :: p9_3 ! c9_t1__c3_t1 ->
        state = 99;
      fi
    }
  od
}

/* Process 10 (component `component10`) */
active proctype Proc10()
{
  int state = 110;
  do
  :: state == 110 ->
    atomic {
      if
      :: p10 ? nop ->
        state = 111;
      fi
    }
  :: state == 111 ->
    atomic {
      if
      :: p10_3 ! c3_t2__c10_t1 ->
        state = 111;
      :: p13_10 ? c10_t0__c13_t0 ->
        act ! c10_t0__c13_t0;
        state = 112;
      :: p13_10 ? c10_t0__c13_t0 ->
        act ! c10_t0__c13_t0;
        state = 119;
      :: p13_10 ? c10_t2__c13_t2 ->
        act ! c10_t2__c13_t2;
        state = 118;
      fi
    }
  :: state == 112 ->
    atomic {
      if
      :: p10_3 ! c3_t2__c10_t1 ->
        state = 111;
      :: p13_10 ? c10_t0__c13_t0 ->
        act ! c10_t0__c13_t0;
        state = 113;
      :: p13_10 ? c10_t0__c13_t0 ->
        act ! c10_t0__c13_t0;
        state = 121;
      :: p13_10 ? c10_t2__c13_t2 ->
        act ! c10_t2__c13_t2;
        state = 114;
      fi
    }
  :: state == 113 ->
    atomic {
      if
      :: p10_3 ! c3_t2__c10_t1 ->
        state = 111;
      :: p13_10 ? c10_t2__c13_t2 ->
        act ! c10_t2__c13_t2;
        state = 115;
      fi
    }
  :: state == 114 ->
    atomic {
      if
      :: p10_3 ! c3_t2__c10_t1 ->
        state = 111;
      :: p13_10 ? c10_t0__c13_t0 ->
        act ! c10_t0__c13_t0;
        state = 119;
      :: p13_10 ? c10_t2__c13_t2 ->
        act ! c10_t2__c13_t2;
        state = 116;
      fi
    }
  :: state == 115 ->
    atomic {
      if
      :: p10_3 ! c3_t2__c10_t1 ->
        state = 111;
      fi
    }
  :: state == 116 ->
    atomic {
      if
      :: p10_3 ! c3_t2__c10_t1 ->
        state = 111;
      :: p13_10 ? c10_t0__c13_t0 ->
        act ! c10_t0__c13_t0;
        state = 117;
      fi
    }
  :: state == 117 ->
    atomic {
      if
      :: p10_3 ! c3_t2__c10_t1 ->
        state = 111;
      :: p13_10 ? c10_t0__c13_t0 ->
        act ! c10_t0__c13_t0;
        state = 118;
      :: p13_10 ? c10_t2__c13_t2 ->
        act ! c10_t2__c13_t2;
        state = 119;
      fi
    }
  :: state == 118 ->
    atomic {
      if
      :: p10_3 ! c3_t2__c10_t1 ->
        state = 111;
      :: p13_10 ? c10_t2__c13_t2 ->
        act ! c10_t2__c13_t2;
        state = 120;
      fi
    }
  :: state == 119 ->
    atomic {
      if
      :: p10_3 ! c3_t2__c10_t1 ->
        state = 111;
      :: p13_10 ? c10_t2__c13_t2 ->
        act ! c10_t2__c13_t2;
        state = 120;
      :: p13_10 ? c10_t2__c13_t2 ->
        act ! c10_t2__c13_t2;
        state = 121;
      fi
    }
  :: state == 120 ->
    atomic {
      if
      :: p10_3 ! c3_t2__c10_t1 ->
        state = 111;
      fi
    }
  :: state == 121 ->
    atomic {
      if
      :: p10_3 ! c3_t2__c10_t1 ->
        state = 111;
      fi
    }
  od
}

/* Process 11 (component `component11`) */
active proctype Proc11()
{
  int state = 122;
  do
  :: state == 122 ->
    atomic {
      if
      :: p11 ? nop ->
        state = 123;
      fi
    }
  :: state == 123 ->
    atomic {
      if
      :: p11_5 ! c11_t1__c5_t5 ->
        state = 124;
      fi
    }
  :: state == 124 ->
    atomic {
      if
      :: p11_5 ! c11_t1__c5_t5 ->
        state = 124;
      fi
    }
  od
}

/* Process 12 (component `component12`) */
active proctype Proc12()
{
  int state = 125;
  do
  :: state == 125 ->
    atomic {
      if
      :: p12 ? nop ->
        state = 126;
      fi
    }
  :: state == 126 ->
    atomic {
      if
      :: p13_12 ? c12_t0__c13_t1 ->
        act ! c12_t0__c13_t1;
        state = 126;
      :: p12 ? c12_t2 ->
        act ! c12_t2;
        state = 132;
      :: p12 ? c12_t1 ->
        act ! c12_t1;
        state = 127;
      fi
    }
  :: state == 127 ->
    atomic {
      if
      :: p12_1 ! c12_t3__c1_t1 ->
        state = 128;
      :: p13_12 ? c12_t0__c13_t1 ->
        act ! c12_t0__c13_t1;
        state = 126;
      :: p12 ? c12_t2 ->
        act ! c12_t2;
        state = 129;
      :: p12 ? c12_t2 ->
        act ! c12_t2;
        state = 130;
      :: p12 ? c12_t2 ->
        act ! c12_t2;
        state = 135;
      fi
    }
  :: state == 128 ->
    atomic {
      if
      :: p13_12 ? c12_t0__c13_t1 ->
        act ! c12_t0__c13_t1;
        state = 126;
      fi
    }
  :: state == 129 ->
    atomic {
      if
      :: p12_1 ! c12_t3__c1_t1 ->
        state = 131;
      :: p13_12 ? c12_t0__c13_t1 ->
        act ! c12_t0__c13_t1;
        state = 126;
      :: p12 ? c12_t2 ->
        act ! c12_t2;
        state = 134;
      :: p12 ? c12_t2 ->
        act ! c12_t2;
        state = 136;
      :: p12 ? c12_t1 ->
        act ! c12_t1;
        state = 130;
      fi
    }
  :: state == 130 ->
    atomic {
      if
      :: p12_1 ! c12_t3__c1_t1 ->
        state = 137;
      :: p13_12 ? c12_t0__c13_t1 ->
        act ! c12_t0__c13_t1;
        state = 126;
      :: p12 ? c12_t2 ->
        act ! c12_t2;
        state = 132;
      :: p12 ? c12_t1 ->
        act ! c12_t1;
        state = 133;
      fi
    }
  :: state == 131 ->
    atomic {
      if
      :: p13_12 ? c12_t0__c13_t1 ->
        act ! c12_t0__c13_t1;
        state = 126;
      :: p12 ? c12_t2 ->
        act ! c12_t2;
        state = 134;
      :: p12 ? c12_t1 ->
        act ! c12_t1;
        state = 134;
      fi
    }
  :: state == 132 ->
    atomic {
      if
      :: p13_12 ? c12_t0__c13_t1 ->
        act ! c12_t0__c13_t1;
        state = 126;
      :: p12 ? c12_t2 ->
        act ! c12_t2;
        state = 135;
      fi
    }
  :: state == 133 ->
    atomic {
      if
      :: p13_12 ? c12_t0__c13_t1 ->
        act ! c12_t0__c13_t1;
        state = 126;
      fi
    }
  :: state == 134 ->
    atomic {
      if
      :: p13_12 ? c12_t0__c13_t1 ->
        act ! c12_t0__c13_t1;
        state = 126;
      :: p12 ? c12_t1 ->
        act ! c12_t1;
        state = 136;
      fi
    }
  :: state == 135 ->
    atomic {
      if
      :: p13_12 ? c12_t0__c13_t1 ->
        act ! c12_t0__c13_t1;
        state = 126;
      fi
    }
  :: state == 136 ->
    atomic {
      if
      :: p13_12 ? c12_t0__c13_t1 ->
        act ! c12_t0__c13_t1;
        state = 126;
      fi
    }
  :: state == 137 ->
    atomic {
      if
      :: p13_12 ? c12_t0__c13_t1 ->
        act ! c12_t0__c13_t1;
        state = 126;
      fi
    }
  od
}

/* Process 13 (component `component13`) */
active proctype Proc13()
{
  int state = 138;
  do
  :: state == 138 ->
    atomic {
      if
      :: p13 ? nop ->
        state = 139;
      fi
    }
  :: state == 139 ->
    atomic {
      if
      :: p13_10 ! c10_t0__c13_t0 ->
        state = 139;
      :: p13_10 ! c10_t2__c13_t2 ->
        state = 139;
      :: p13_12 ! c12_t0__c13_t1 ->
        state = 140;
      :: p13_12 ! c12_t0__c13_t1 ->
        state = 142;
      :: p13_12 ! c12_t0__c13_t1 ->
        state = 148;
      fi
    }
  :: state == 140 ->
    atomic {
      if
      :: p13_10 ! c10_t0__c13_t0 ->
        state = 139;
      :: p13_10 ! c10_t2__c13_t2 ->
        state = 139;
      :: p13_12 ! c12_t0__c13_t1 ->
        state = 141;
      :: p13_12 ! c12_t0__c13_t1 ->
        state = 144;
      :: p13_12 ! c12_t0__c13_t1 ->
        state = 145;
      :: p13_12 ! c12_t0__c13_t1 ->
        state = 148;
      fi
    }
  :: state == 141 ->
    atomic {
      if
      :: p13_10 ! c10_t0__c13_t0 ->
        state = 139;
      :: p13_10 ! c10_t2__c13_t2 ->
        state = 139;
      :: p13_12 ! c12_t0__c13_t1 ->
        state = 143;
      :: p13_12 ! c12_t0__c13_t1 ->
        state = 146;
      :: p13_12 ! c12_t0__c13_t1 ->
        state = 148;
      fi
    }
  :: state == 142 ->
    atomic {
      if
      :: p13_10 ! c10_t0__c13_t0 ->
        state = 139;
      :: p13_10 ! c10_t2__c13_t2 ->
        state = 139;
      :: p13_12 ! c12_t0__c13_t1 ->
        state = 147;
      :: p13_12 ! c12_t0__c13_t1 ->
        state = 148;
      fi
    }
  :: state == 143 ->
    atomic {
      if
      :: p13_10 ! c10_t0__c13_t0 ->
        state = 139;
      :: p13_10 ! c10_t2__c13_t2 ->
        state = 139;
      :: p13_12 ! c12_t0__c13_t1 ->
        state = 144;
      fi
    }
  :: state == 144 ->
    atomic {
      if
      :: p13_10 ! c10_t0__c13_t0 ->
        state = 139;
      :: p13_10 ! c10_t2__c13_t2 ->
        state = 139;
      :: p13_12 ! c12_t0__c13_t1 ->
        state = 145;
      :: p13_12 ! c12_t0__c13_t1 ->
        state = 150;
      fi
    }
  :: state == 145 ->
    atomic {
      if
      :: p13_10 ! c10_t0__c13_t0 ->
        state = 139;
      :: p13_10 ! c10_t2__c13_t2 ->
        state = 139;
      fi
    }
  :: state == 146 ->
    atomic {
      if
      :: p13_10 ! c10_t0__c13_t0 ->
        state = 139;
      :: p13_10 ! c10_t2__c13_t2 ->
        state = 139;
      fi
    }
  :: state == 147 ->
    atomic {
      if
      :: p13_10 ! c10_t0__c13_t0 ->
        state = 139;
      :: p13_10 ! c10_t2__c13_t2 ->
        state = 139;
      fi
    }
  :: state == 148 ->
    atomic {
      if
      :: p13_10 ! c10_t0__c13_t0 ->
        state = 139;
      :: p13_10 ! c10_t2__c13_t2 ->
        state = 139;
      :: p13_12 ! c12_t0__c13_t1 ->
        state = 149;
      fi
    }
  :: state == 149 ->
    atomic {
      if
      :: p13_10 ! c10_t0__c13_t0 ->
        state = 139;
      :: p13_10 ! c10_t2__c13_t2 ->
        state = 139;
      :: p13_12 ! c12_t0__c13_t1 ->
        state = 150;
      fi
    }
  :: state == 150 ->
    atomic {
      if
      :: p13_10 ! c10_t0__c13_t0 ->
        state = 139;
      :: p13_10 ! c10_t2__c13_t2 ->
        state = 139;
      fi
    }
  od
}
