import { BUILDING_RESOURCE, CAMPUS_RESOURCE, CLASS_RESOURCE, CLASSROOM_RESOURCE, COURSE_RESOURCE, MAJOR_RESOURCE, STUDENT_RESOURCE, TEACHER_RESOURCE } from '@contract/basic-data.ts';
import type { ResourceDescription } from '@contract/resource.ts';
import { ResourcePage } from '@/components/resource/resource-page.tsx';

/** A row offers 编辑 and 删除 only: the 操作 column needs no more room than that. */
const ACTIONS_WIDTH = 120;

/** 基础数据's pages (/basic/<key>): plain resources, each all from its description in contract/basic-data.ts. */
const pageOf = (resource: ResourceDescription) =>
  function BasicDataPage() {
    return <ResourcePage desktop={{ resource, actionsWidth: ACTIONS_WIDTH }} />;
  };

export const CampusList = pageOf(CAMPUS_RESOURCE);
export const BuildingList = pageOf(BUILDING_RESOURCE);
export const ClassroomList = pageOf(CLASSROOM_RESOURCE);
export const MajorList = pageOf(MAJOR_RESOURCE);
export const ClassList = pageOf(CLASS_RESOURCE);
export const CourseList = pageOf(COURSE_RESOURCE);
export const TeacherList = pageOf(TEACHER_RESOURCE);
export const StudentList = pageOf(STUDENT_RESOURCE);
